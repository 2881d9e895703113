-- trigram similarity for the duplicate check of new KiTas (issue 5); trusted since PostgreSQL 13, so the database owner may create it
CREATE EXTENSION IF NOT EXISTS pg_trgm;
