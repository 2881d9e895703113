import { useQuery } from '@tanstack/react-query';
import { listQueryOf } from '../../../shared/contracts/list-contract';
import type { OfferingKind } from '../../../shared/contracts/programme';
import { adminOfferingList } from '../../../shared/contracts/programme-lists';
import { offeringListQueryOptions } from './list-offerings';

/**
 * The dates an enrolment may move to or be added on (same kind, season, module; or the workshops of one awarding
 * event): the admin offering list, whole, not cancelled.
 */
export function useOfferingChoices(
  filter: { kind: OfferingKind; seasonId?: number | undefined; moduleId?: number | null | undefined; awardingEventId?: number | null | undefined },
  enabled = true,
) {
  const query = listQueryOf(adminOfferingList, {
    kind: filter.kind,
    seasonId: filter.seasonId,
    moduleId: filter.moduleId ?? undefined,
    awardingEventId: filter.awardingEventId ?? undefined,
    pageSize: 0,
  });
  const result = useQuery({ ...offeringListQueryOptions(query), enabled });
  return { isPending: result.isPending, choices: (result.data?.items ?? []).filter((o) => o.state !== 'cancelled') };
}
