import { listKeyOf, listQueryOptions, useListQuery } from '../../../lib/list-query';
import { adminTeamWorkshopList } from '../../../shared/contracts/admin-team-workshop-list';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';
import { teamWorkshopPageSchema } from '../../../shared/contracts/team-workshops';

export type TeamWorkshopListQuery = ListQueryOf<typeof adminTeamWorkshopList>;

/** every admin team-workshop query starts with this (list pages and details); a decision invalidates all of them */
export const adminTeamWorkshopsKey = listKeyOf(adminTeamWorkshopList);

export const teamWorkshopListQueryOptions = (query: TeamWorkshopListQuery) => listQueryOptions(adminTeamWorkshopList, teamWorkshopPageSchema, query);

export const useTeamWorkshopList = (query: TeamWorkshopListQuery) => useListQuery(adminTeamWorkshopList, teamWorkshopPageSchema, query);
