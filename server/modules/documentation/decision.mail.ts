import type { DbOrTx } from '../../db/client';
import { memberRecipients, uniqueRecipients } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, hello, layout, typed } from '../mail/templates';

type DecisionData = {
  facilityLabel: string;
  seasonLabel: string;
  action: 'approve' | 'return' | 'reject';
  comment: string;
  /** an admin decided (and wrote the comment), not a jury member */
  byAdmin?: boolean;
  greetName?: string;
};

/** to every member of the KiTa when the jury decides on its documentation form (issue 12) */
export const documentationDecisionTemplate = defineMailTemplate<DecisionData>('documentation-decision', (d, ctx) => {
  const kita = `„${typed(d.facilityLabel)}“`;
  // who decided; after "Hallo …," the sentence goes on in lower case
  const who = d.byAdmin ? 'die Programmleitung' : 'die Jury';
  const what = {
    approve: {
      subject: 'Euer Dokumentationsbogen wurde angenommen',
      paragraphs: [
        `${who} hat den Dokumentationsbogen der KiTa ${kita} für das ${d.seasonLabel} angenommen. Herzlichen Glückwunsch!`,
        'Eure KiTa wird ausgezeichnet: Die Anmeldung zur Auszeichnungsveranstaltung steht euch jetzt offen.',
      ],
      action: { label: 'Zur Auszeichnungsveranstaltung', url: ctx.link('/auszeichnungsverantaltung') },
    },
    return: {
      subject: 'Euer Dokumentationsbogen wurde zurückgegeben',
      paragraphs: [
        `${who} hat den Dokumentationsbogen der KiTa ${kita} für das ${d.seasonLabel} zurückgegeben. Bitte ergänze ihn und reiche ihn noch einmal ein.`,
      ],
      action: { label: 'Dokumentationsbogen bearbeiten', url: ctx.link('/dokumentationsbogen') },
    },
    reject: {
      subject: 'Euer Dokumentationsbogen wurde abgelehnt',
      paragraphs: [`leider hat ${who} den Dokumentationsbogen der KiTa ${kita} für das ${d.seasonLabel} abgelehnt.`],
      action: { label: 'Dokumentationsbogen ansehen', url: ctx.link('/dokumentationsbogen') },
    },
  }[d.action];
  return layout(
    {
      subject: what.subject,
      greeting: hello(d.greetName),
      paragraphs: [...what.paragraphs, ...(d.comment ? [`${d.byAdmin ? 'Kommentar der Programmleitung' : 'Kommentar der Jury'}: ${d.comment}`] : [])],
      action: what.action,
    },
    ctx,
  );
});

/** each member's address once, in the caller's transaction (the outbox sends after the commit); the jury's or an admin's decision: exempt */
export async function notifyDocumentationDecision(db: DbOrTx, facilityId: number, data: Omit<DecisionData, 'greetName'>) {
  for (const r of uniqueRecipients(await memberRecipients(db, facilityId))) {
    await enqueueMail(db, { to: r.email, template: documentationDecisionTemplate, data: { ...data, greetName: r.firstName }, budget: 'exempt' });
  }
}
