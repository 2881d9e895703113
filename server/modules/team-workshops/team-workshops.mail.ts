import type { DbOrTx } from '../../db/client';
import { germanDateTime } from '../../lib/export-format';
import { memberEmails } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, layout } from '../mail/templates';

/** "04.03.2027, 09:00 Uhr" (Europe/Berlin), as the portal writes a date with its time (SPEC §1) */
export const germanWhen = (iso: string) => `${germanDateTime(new Date(iso)).replace(' ', ', ')} Uhr`;

type DecisionData = {
  facilityLabel: string;
  seasonLabel: string;
  decision: 'accept' | 'decline' | 'schedule';
  /** ISO instant, for `schedule` */
  scheduledAt: string | null;
  comment: string;
};

/** to every member of the KiTa when an admin decides on its team-workshop application (issue 11) */
export const teamWorkshopDecisionTemplate = defineMailTemplate<DecisionData>('team-workshop-decision', (d, ctx) => {
  const when = d.scheduledAt ? germanWhen(d.scheduledAt) : '';
  const what = {
    accept: {
      subject: `Team-Workshop angenommen: ${d.facilityLabel}`,
      text: `euer Antrag auf einen Team-Workshop von ${ctx.programmeName} im ${d.seasonLabel} ist angenommen. Wir melden uns bei dir, um einen Termin zu vereinbaren.`,
    },
    decline: {
      subject: `Team-Workshop abgelehnt: ${d.facilityLabel}`,
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
      greeting: 'Hallo,',
      paragraphs: [
        `${what.text.charAt(0).toUpperCase()}${what.text.slice(1)}`,
        `KiTa: ${d.facilityLabel}`,
        ...(d.comment ? [`Kommentar: ${d.comment}`] : []),
      ],
      action: { label: 'Antrag ansehen', url: ctx.link('/team-workshop-application') },
    },
    ctx,
  );
});

/** each member's address once */
export async function notifyDecision(db: DbOrTx, facilityId: number, data: DecisionData) {
  const seen = new Set<string>();
  for (const to of await memberEmails(db, facilityId)) {
    if (seen.has(to.toLowerCase())) continue;
    seen.add(to.toLowerCase());
    await enqueueMail(db, { to, template: teamWorkshopDecisionTemplate, data });
  }
}
