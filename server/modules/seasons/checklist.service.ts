import type { SeasonChecklist } from '../../../src/shared/contracts/season-enrolment';
import type { DbOrTx } from '../../db/client';
import { berlinToday, germanDate } from '../../../src/shared/berlin-date';
import { activeFacility } from '../facilities/facility-scope';
import { enrolmentBlocker, enrolmentsOf } from './enrolment.service';
import { seasonQueries, toSeasonDto } from './seasons.queries';
import type { SeasonRow } from './seasons.table';

type Step = SeasonChecklist['steps'][number];

type StepOf = (db: DbOrTx, facilityId: number, season: SeasonRow, enrolled: boolean, today: string) => Promise<Step>;

/**
 * Steps that later modules own (they come after seasons in the module order, ADR 0009), passed in by app.ts like
 * auth's second factor: without one the step shows only its date.
 */
export type ChecklistSteps = {
  teamWorkshop?: StepOf;
  /** trainings, hospitation and the awarding event: the KiTa's bookings (programme) */
  /** `approvedForAward`: the live enrolment is admitted to the award (read here once, with the enrolment) */
  programme?: (...args: [...Parameters<StepOf>, approvedForAward: boolean]) => Promise<{ trainings: Step; hospitation: Step; award: Step }>;
  /** the documentation form and the jury's decision (documentation) */
  documentation?: (...args: Parameters<StepOf>) => Promise<{ documentation: Step; jury: Step }>;
  /** the KiTa's Urkunde, once issued (certificates); null: no such step */
  certificate?: (db: DbOrTx, facilityId: number, season: SeasonRow) => Promise<Step | null>;
};

/** a step known only by its date (no module passed in): whether it lies ahead */
const dated = (key: Step['key'], label: string, deadline: string | null, today: string, path: string): Step => ({
  key,
  label,
  state: deadline && deadline < today ? 'closed' : 'upcoming',
  detail: deadline ? `bis ${germanDate(deadline)}` : 'Termin folgt',
  deadline,
  path,
});

/** The season's steps for the home page of the active KiTa: each reads the real state of its module (issue 19). */
export async function seasonChecklist(db: DbOrTx, facilityId: number, today = berlinToday(), steps: ChecklistSteps = {}): Promise<SeasonChecklist> {
  await activeFacility(db, facilityId);
  const season = await seasonQueries({ db }).current();
  if (!season) return { season: null, steps: [] };
  const [live] = await enrolmentsOf(db, facilityId, { seasonId: season.id, live: true });
  const blocker = enrolmentBlocker(season, today);
  const enrolment: Step = live
    ? {
        key: 'enrolment',
        label: 'Anmeldung zum KiTa-Jahr',
        state: 'done',
        detail: `Angemeldet am ${germanDate(live.dto.createdAt)}`,
        deadline: season.enrolmentDeadline,
        path: '/kita-jahr-anmeldung',
      }
    : {
        key: 'enrolment',
        label: 'Anmeldung zum KiTa-Jahr',
        state: blocker === null ? 'open' : season.enrolmentDeadline && season.enrolmentDeadline < today ? 'missed' : 'closed',
        detail:
          blocker?.message ?? (season.enrolmentDeadline ? `Anmeldung bis ${germanDate(season.enrolmentDeadline)} möglich` : 'Anmeldung möglich'),
        deadline: season.enrolmentDeadline,
        path: '/kita-jahr-anmeldung',
      };
  const documentationOpen = season.allowDocumentation && (!season.documentationDeadline || today <= season.documentationDeadline);
  const enrolled = live !== undefined;
  const programme = steps.programme
    ? await steps.programme(db, facilityId, season, enrolled, today, live?.approvedForAwardAt != null)
    : {
        trainings: dated('trainings', 'Fortbildungen besuchen', season.trainingsDeadline, today, '/fortbildungen'),
        hospitation: dated('hospitation', 'Hospitation', season.hospitationDeadline, today, '/hospitationen'),
        award: {
          ...dated('award', 'Auszeichnungsveranstaltung', season.awardDate, today, '/auszeichnungsverantaltung'),
          detail: season.awardDate ? `am ${germanDate(season.awardDate)}` : 'Termin folgt',
        },
      };
  const documentation = steps.documentation
    ? await steps.documentation(db, facilityId, season, enrolled, today)
    : {
        documentation: {
          ...dated('documentation', 'Dokumentationsbogen einreichen', season.documentationDeadline, today, '/dokumentationsbogen'),
          ...(documentationOpen && live ? { state: 'open' as const } : {}),
        },
        jury: {
          ...dated('jury', 'Bewertung durch die Jury', season.juryDate, today, '/dokumentationsbogen'),
          detail: season.juryDate ? `am ${germanDate(season.juryDate)}` : 'Termin folgt',
        },
      };
  const certificate = steps.certificate ? await steps.certificate(db, facilityId, season) : null;
  return {
    season: toSeasonDto(season),
    steps: [
      enrolment,
      steps.teamWorkshop
        ? await steps.teamWorkshop(db, facilityId, season, enrolled, today)
        : dated('team_workshop', 'Team-Workshop beantragen', season.teamWorkshopDeadline, today, '/team-workshop-application'),
      programme.trainings,
      programme.hospitation,
      documentation.documentation,
      documentation.jury,
      programme.award,
      ...(certificate ? [certificate] : []),
    ],
  };
}
