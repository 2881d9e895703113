import { and, eq } from 'drizzle-orm';
import type { SeasonChecklist } from '../../../src/shared/contracts/season-enrolment';
import type { DbOrTx } from '../../db/client';
import { germanDate } from '../../../src/shared/berlin-date';
import type { SeasonRow } from '../seasons/seasons.table';
import { documentationForms } from './documentation.table';

type Step = SeasonChecklist['steps'][number];

const on = (d: Date | null) => (d ? ` am ${germanDate(d)}` : '');

/**
 * The checklist's documentation and jury steps (seasons gets this passed in by app.ts, ADR 0009): the form's state
 * (draft, submitted, returned, approved, rejected) with its day, and the jury's decision.
 */
export async function documentationSteps(
  db: DbOrTx,
  facilityId: number,
  season: SeasonRow,
  enrolled: boolean,
  today: string,
): Promise<{ documentation: Step; jury: Step }> {
  const [form] = await db
    .select({
      state: documentationForms.state,
      savedAt: documentationForms.savedAt,
      submittedAt: documentationForms.submittedAt,
      decidedAt: documentationForms.decidedAt,
    })
    .from(documentationForms)
    .where(and(eq(documentationForms.facilityId, facilityId), eq(documentationForms.seasonId, season.id)));
  const deadline = season.documentationDeadline;
  const passed = deadline !== null && deadline < today;
  const base = { key: 'documentation' as const, label: 'Dokumentationsbogen einreichen', deadline, path: '/dokumentationsbogen' };
  const juryBase = { key: 'jury' as const, label: 'Bewertung durch die Jury', deadline: season.juryDate, path: '/dokumentationsbogen' };
  const jurySession = season.juryDate ? `Jurysitzung am ${germanDate(season.juryDate)}` : null;

  const documentation = ((): Step => {
    switch (form?.state) {
      case 'submitted':
      case 'approved':
      case 'rejected':
        return { ...base, state: 'done', detail: `Eingereicht${on(form.submittedAt)}` };
      case 'returned':
        return passed
          ? { ...base, state: 'missed', detail: `Zurückgegeben${on(form.decidedAt)}; die Frist ist am ${germanDate(deadline!)} abgelaufen` }
          : { ...base, state: 'open', detail: `Zurückgegeben${on(form.decidedAt)}: bitte überarbeiten und erneut einreichen` };
      default: {
        const draft = form ? `Entwurf, zuletzt gespeichert${on(form.savedAt)}` : null;
        if (passed) return { ...base, state: 'missed', detail: `Frist am ${germanDate(deadline!)} abgelaufen` };
        if (!enrolled) return { ...base, state: 'upcoming', detail: 'Nach der Anmeldung zum KiTa-Jahr möglich' };
        if (!season.allowDocumentation) return { ...base, state: 'upcoming', detail: 'Der Dokumentationsbogen wird noch freigeschaltet' };
        return { ...base, state: 'open', detail: draft ?? (deadline ? `Einreichen bis ${germanDate(deadline)} möglich` : 'Einreichen möglich') };
      }
    }
  })();

  const jury = ((): Step => {
    switch (form?.state) {
      case 'approved':
        return { ...juryBase, state: 'done', detail: `Angenommen${on(form.decidedAt)}` };
      case 'rejected':
        return { ...juryBase, state: 'declined', detail: `Abgelehnt${on(form.decidedAt)}` };
      case 'returned':
        return { ...juryBase, state: 'upcoming', detail: `Zur Überarbeitung zurückgegeben${on(form.decidedAt)}` };
      case 'submitted':
        return { ...juryBase, state: 'inReview', detail: jurySession ?? 'Die Jury bewertet euren Bogen' };
      default:
        return { ...juryBase, state: 'upcoming', detail: jurySession ? `${jurySession}; nach dem Einreichen` : 'Nach dem Einreichen' };
    }
  })();
  return { documentation, jury };
}
