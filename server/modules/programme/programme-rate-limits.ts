import type { RateRule } from '../rate-limit/rate-limit';

const DAY = 86_400_000;

/**
 * Bookings and cancellations mail the staff entries' addresses (which members type in): one KiTa cannot turn the
 * portal into a mailer. Generous for real use (a KiTa books a few dozen times a season).
 */
export const programmeRateRules = {
  bookingPerFacility: { bucket: 'programme-booking-facility', limit: 300, windowMs: DAY },
} satisfies Record<string, RateRule>;
