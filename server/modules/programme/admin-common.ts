import type { DbOrTx, Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { lockById, versionedUpdate, type VersionedUpdate } from '../../lib/versioned-update';
import { seasonQueries } from '../seasons/seasons.queries';
import { type awardingEvents, type offerings } from './programme.table';

/** What the admin writes of the programme share: the season a record belongs to, dates from the API, state changes. */

export const d = (s: string | null) => (s ? new Date(s) : null);

export async function requireSeason(db: DbOrTx, seasonId: number) {
  const season = await seasonQueries({ db }).byId(seasonId);
  if (!season) throw fail('programme.season_missing');
  return season;
}

/** a state change (publish, cancel) of an awarding event or a date that the editor's version guards, audited as `{ state }` */
export type StateChange<T extends typeof awardingEvents | typeof offerings> = Omit<VersionedUpdate<T, { state: string }>, 'editable' | 'load'> & {
  load?: VersionedUpdate<T, { state: string }>['load'];
};
export const stateChange =
  <T extends typeof awardingEvents | typeof offerings>(spec: StateChange<T>) =>
  (tx: Tx) =>
    versionedUpdate(tx, { ...spec, load: spec.load ?? lockById(spec.table, spec.id), editable: (r) => ({ state: r.state }) });
