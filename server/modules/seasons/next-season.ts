import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { nextYearDate } from '../../lib/berlin-time';
import { audit, type Ctx } from '../audit/audit';
import { seasons, type SeasonRow } from './seasons.table';

/** the identifier one year on: `2026-27` → `2027-28` (null: not of that form) */
export function nextIdentifier(identifier: string): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(identifier);
  if (!m) return null;
  const y = Number(m[1]) + 1;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

const text = (identifier: string) => identifier.replace('-', '/');
const dateOn = (d: string | null) => (d === null ? null : nextYearDate(d));

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38, SPEC §9), the seasons' part: the season one year on, its own dates
 * moved by one calendar year (a missing date stays missing), enrolment closed, not current, documentation not yet
 * allowed. An existing season with that identifier is taken as it is (`created: false`): running it twice creates
 * nothing twice. `dryRun` answers what would be used without writing.
 */
export async function nextSeasonOf(
  tx: Tx,
  from: SeasonRow,
  ctx: Ctx,
  dryRun: boolean,
): Promise<{ season: Pick<SeasonRow, 'id' | 'identifier' | 'startDate' | 'endDate'>; created: boolean } | null> {
  const identifier = nextIdentifier(from.identifier);
  if (!identifier) return null;
  const [existing] = await tx.select().from(seasons).where(eq(seasons.identifier, identifier)).for('update');
  if (existing) return { season: existing, created: false };
  const values = {
    identifier,
    label: from.label.includes(text(from.identifier)) ? from.label.replace(text(from.identifier), text(identifier)) : `KiTa-Jahr ${text(identifier)}`,
    startDate: dateOn(from.startDate),
    endDate: dateOn(from.endDate),
    enrolmentState: 'closed' as const,
    enrolmentOpensOn: dateOn(from.enrolmentOpensOn),
    enrolmentDeadline: dateOn(from.enrolmentDeadline),
    allowDocumentation: false,
    documentationDeadline: dateOn(from.documentationDeadline),
    teamWorkshopDeadline: dateOn(from.teamWorkshopDeadline),
    trainingsDeadline: dateOn(from.trainingsDeadline),
    hospitationDeadline: dateOn(from.hospitationDeadline),
    juryDate: dateOn(from.juryDate),
    awardDate: dateOn(from.awardDate),
    isCurrent: false,
  };
  if (dryRun) return { season: { id: 0, identifier, startDate: values.startDate, endDate: values.endDate }, created: true };
  const [row] = await tx
    .insert(seasons)
    .values({ ...values, updatedBy: ctx.actorUserId })
    .returning();
  await audit(tx, { ...ctx, action: 'season.create', entityType: 'season', entityId: row!.id, after: { ...values, preparedFrom: from.identifier } });
  return { season: row!, created: true };
}

/** the season's row, locked for the rest of the transaction (null: there is none) */
export async function lockSeason(tx: Tx, seasonId: number): Promise<SeasonRow | null> {
  const [row] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for('update');
  return row ?? null;
}
