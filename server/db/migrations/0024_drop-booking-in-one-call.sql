-- Issue 36: a booking has one implementation again, book() in server/modules/programme/booking.ts (decision 0031).
-- The database function of migration 0020 restated its rules and is no longer called.
DROP FUNCTION IF EXISTS programme_book_in_one_call(jsonb);
