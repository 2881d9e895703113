import { eq } from 'drizzle-orm';
import { awardingEnrolmentList } from '../../../src/shared/contracts/programme-lists';
import { enrolmentListOf } from './admin-enrolments.list';
import { awardingEvents, offerings } from './programme.table';

/** GET /api/admin/awarding-events/{awardingEventId}/enrolments: the enrolments of all workshops of one awarding event */
export const awardingEnrolmentListDef = enrolmentListOf(
  awardingEnrolmentList,
  '/api/admin/awarding-events/:awardingEventId/enrolments',
  'awardingEventId',
  async (db, id) =>
    (await db.select({ id: awardingEvents.id, title: awardingEvents.title }).from(awardingEvents).where(eq(awardingEvents.id, id)))[0],
  (id) => eq(offerings.awardingEventId, id),
);
