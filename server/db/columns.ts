import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Identity ids (SQL standard, PostgreSQL 10+) instead of serial, so sequences belong to their column. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Every moment is stored with its zone; the UI shows Europe/Berlin. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => ts('created_at').notNull().defaultNow();
