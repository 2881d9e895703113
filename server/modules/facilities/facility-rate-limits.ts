import type { RateRule } from '../rate-limit/rate-limit';

const DAY = 86_400_000;

// each of these sends mail to other people or creates records others must clean up, so one account cannot flood
export const facilityRateRules = {
  /** registering KiTas, per account */
  create: { bucket: 'facility-create', limit: 10, windowMs: DAY },
  /** join requests mail the KiTa's members and every admin, per account */
  joinRequest: { bucket: 'facility-join-request', limit: 10, windowMs: DAY },
  /** invitations, per KiTa and per person */
  invitePerFacility: { bucket: 'person-invite-facility', limit: 50, windowMs: DAY },
  invitePerPerson: { bucket: 'person-invite-person', limit: 5, windowMs: DAY },
} satisfies Record<string, RateRule>;
