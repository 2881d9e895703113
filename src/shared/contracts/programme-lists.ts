import { defineListContract, enumFilter, idFilter } from './list-contract';
import { regions } from './facility-lists';

/** plain data (no zod): the admin list routes load it with their URL parser (ADR 0006) */
export const offeringKindValues = ['training', 'hospitation', 'awarding'] as const;
export const offeringStateValues = ['draft', 'published', 'cancelled'] as const;
export const enrolmentStateValues = ['confirmed', 'waitlisted', 'cancelled', 'attended'] as const;
/** the dates the admin home counts as needing attention (server/modules/programme/offering-attention.ts) */
export const offeringAttentionValues = ['waitlist', 'freeSeatsSoon'] as const;
export type OfferingAttention = (typeof offeringAttentionValues)[number];

/**
 * GET /api/admin/offerings (and its exports): the dates of one kind; search `q` over title, place, module and host
 * KiTa; seats taken/free per row.
 */
export const adminOfferingList = defineListContract({
  path: 'admin/offerings',
  sortKeys: ['startsAt', 'title', 'region', 'state', 'seatsFree', 'moduleTitle'],
  defaults: { sort: 'startsAt', dir: 'asc', pageSize: 25 },
  filters: {
    kind: enumFilter(offeringKindValues),
    seasonId: idFilter(),
    region: enumFilter(regions),
    moduleId: idFilter(),
    awardingEventId: idFilter(),
    state: enumFilter(offeringStateValues),
    needs: enumFilter(offeringAttentionValues),
  },
});

const enrolmentListShape = {
  sortKeys: ['createdAt', 'lastName', 'facilityLabel', 'state', 'waitlistPosition', 'startsAt'],
  defaults: { sort: 'createdAt', dir: 'asc', pageSize: 100 },
  filters: { state: enumFilter(enrolmentStateValues) },
} as const;

/** GET /api/admin/offerings/{offeringId}/enrolments (+ export.csv|xlsx, SPEC §3 columns); search over KiTa and person */
export const offeringEnrolmentList = defineListContract({ path: 'admin/offerings/:offeringId/enrolments', ...enrolmentListShape });

/** GET /api/admin/awarding-events/{awardingEventId}/enrolments: the same over all workshops of one awarding event */
export const awardingEnrolmentList = defineListContract({ path: 'admin/awarding-events/:awardingEventId/enrolments', ...enrolmentListShape });
