import type { Member } from '../../../src/shared/contracts/facilities';
import type { DbOrTx } from '../../db/client';
import { memberAccounts } from '../facilities/members.service';
import { staffEntriesOfAccounts } from './person-scope';

/**
 * A KiTa's members with the staff entry each account is linked to. Here and not in facilities/: staff entries
 * are this module's, and persons depends on facilities (never the other way round).
 */
export async function listMembers(db: DbOrTx, facilityId: number): Promise<Member[]> {
  const members = await memberAccounts(db, facilityId);
  const personIds = await staffEntriesOfAccounts(
    db,
    facilityId,
    members.map((m) => m.userId),
  );
  return members.map((m) => ({ ...m, personId: personIds.get(m.userId) ?? null }));
}
