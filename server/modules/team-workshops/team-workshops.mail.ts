import type { DbOrTx } from '../../db/client';
import { germanDateTime } from '../../lib/export-format';
import { memberRecipients, uniqueRecipients } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, hello, layout, typed } from '../mail/templates';

/** "04.03.2027, 09:00 Uhr" (Europe/Berlin), as the portal writes a date with its time (SPEC §1) */
export const germanWhen = (iso: string) => `${germanDateTime(new Date(iso)).replace(' ', ', ')} Uhr`;

type DecisionData = {
  facilityLabel: string;
  seasonLabel: string;
  decision: 'accept' | 'decline' | 'schedule';
  /** ISO instant, for `schedule` */
  scheduledAt: string | null;
  comment: string;
  greetName?: string;
};

/** to every member of the KiTa when an admin decides on its team-workshop application (issue 11) */
export const teamWorkshopDecisionTemplate = defineMailTemplate<DecisionData>('team-workshop-decision', (d, ctx) => {
  const when = d.scheduledAt ? germanWhen(d.scheduledAt) : '';
  const what = {
    accept: {
      subject: `Team-Workshop angenommen: ${d.seasonLabel}`,
      text: `euer Antrag auf einen Team-Workshop von ${ctx.programmeName} im ${d.seasonLabel} ist angenommen. Wir melden uns bei dir, um einen Termin zu vereinbaren.`,
    },
    decline: {
      subject: `Team-Workshop abgelehnt: ${d.seasonLabel}`,
      text: `leider können wir euren Antrag auf einen Team-Workshop von ${ctx.programmeName} im ${d.seasonLabel} nicht annehmen.`,
    },
    schedule: {
      subject: `Team-Workshop terminiert: ${when}`,
      text: `euer Team-Workshop von ${ctx.programmeName} im ${d.seasonLabel} ist terminiert am ${when}.`,
    },
  }[d.decision];
  return layout(
    {
      subject: what.subject,
      greeting: hello(d.greetName),
      // after "Hallo …," the sentence goes on in lower case; the decision and its comment are the programme team's
      paragraphs: [what.text, `KiTa: ${typed(d.facilityLabel)}`, ...(d.comment ? [`Kommentar der Programmleitung: ${d.comment}`] : [])],
      action: { label: 'Antrag ansehen', url: ctx.link('/team-workshop-application') },
    },
    ctx,
  );
});

/** each member's address once; an admin's decision, so exempt from the mail budget */
export async function notifyDecision(db: DbOrTx, facilityId: number, data: Omit<DecisionData, 'greetName'>) {
  for (const r of uniqueRecipients(await memberRecipients(db, facilityId))) {
    await enqueueMail(db, { to: r.email, template: teamWorkshopDecisionTemplate, data: { ...data, greetName: r.firstName }, budget: 'exempt' });
  }
}
