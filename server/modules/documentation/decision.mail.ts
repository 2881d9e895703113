import type { DbOrTx } from '../../db/client';
import { memberEmails } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, layout } from '../mail/templates';

type DecisionData = { facilityLabel: string; seasonLabel: string; action: 'approve' | 'return' | 'reject'; comment: string };

/** to every member of the KiTa when the jury decides on its documentation form (issue 12) */
export const documentationDecisionTemplate = defineMailTemplate<DecisionData>('documentation-decision', (d, ctx) => {
  const what = {
    approve: {
      subject: 'Euer Dokumentationsbogen wurde angenommen',
      paragraphs: [
        `Herzlichen Glückwunsch! Die Jury hat den Dokumentationsbogen der KiTa „${d.facilityLabel}“ für das ${d.seasonLabel} angenommen.`,
        'Eure KiTa wird ausgezeichnet: Die Anmeldung zur Auszeichnungsveranstaltung steht euch jetzt offen.',
      ],
      action: { label: 'Zur Auszeichnungsveranstaltung', url: ctx.link('/auszeichnungsverantaltung') },
    },
    return: {
      subject: 'Euer Dokumentationsbogen wurde zurückgegeben',
      paragraphs: [
        `Die Jury hat den Dokumentationsbogen der KiTa „${d.facilityLabel}“ für das ${d.seasonLabel} zurückgegeben. Bitte ergänze ihn und reiche ihn noch einmal ein.`,
      ],
      action: { label: 'Dokumentationsbogen bearbeiten', url: ctx.link('/dokumentationsbogen') },
    },
    reject: {
      subject: 'Euer Dokumentationsbogen wurde abgelehnt',
      paragraphs: [`Leider hat die Jury den Dokumentationsbogen der KiTa „${d.facilityLabel}“ für das ${d.seasonLabel} abgelehnt.`],
      action: { label: 'Dokumentationsbogen ansehen', url: ctx.link('/dokumentationsbogen') },
    },
  }[d.action];
  return layout(
    {
      subject: what.subject,
      greeting: 'Hallo,',
      paragraphs: [...what.paragraphs, ...(d.comment ? [`Kommentar der Jury: ${d.comment}`] : [])],
      action: what.action,
    },
    ctx,
  );
});

/** each member's address once, in the caller's transaction (the outbox sends after the commit) */
export async function notifyDocumentationDecision(db: DbOrTx, facilityId: number, data: DecisionData) {
  const seen = new Set<string>();
  for (const to of await memberEmails(db, facilityId)) {
    if (seen.has(to.toLowerCase())) continue;
    seen.add(to.toLowerCase());
    await enqueueMail(db, { to, template: documentationDecisionTemplate, data });
  }
}
