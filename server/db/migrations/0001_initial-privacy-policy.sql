-- Every install starts with one published privacy policy, so missingSettings asks each account to accept it.
-- A later version is a new row (admin screen or migration); users who accepted an older one are asked again.
INSERT INTO "privacy_policy_versions" ("version", "published_at")
VALUES ('2026-01', '2026-01-01T00:00:00Z')
ON CONFLICT ("version") DO NOTHING;
