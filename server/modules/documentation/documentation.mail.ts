import type { DbOrTx } from '../../db/client';
import { germanDateTime } from '../../lib/export-format';
import { memberEmails } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, layout } from '../mail/templates';
import { documentationPdfName } from './form-pdf';

/**
 * Mails of the staff side (issue 12), through the outbox in the caller's transaction. The form's PDF is an
 * attachment built when the mail is sent (source `documentation-form-pdf`, registered by documentation.routes.ts):
 * nothing binary waits in the outbox.
 */
export const formPdfSource = 'documentation-form-pdf';

type SubmittedData = { formId: number; facilityLabel: string; seasonLabel: string; seasonIdentifier: string; submittedAt: string; submittedBy: string };

export const formSubmittedTemplate = defineMailTemplate<SubmittedData>('documentation-submitted', (d, ctx) => ({
  ...layout(
    {
      subject: `Dokumentationsbogen eingereicht: ${d.facilityLabel}`,
      greeting: 'Hallo,',
      paragraphs: [
        `der Dokumentationsbogen der KiTa „${d.facilityLabel}“ für das ${d.seasonLabel} ist eingereicht (am ${germanDateTime(new Date(d.submittedAt)).replace(' ', ', ')} Uhr${d.submittedBy ? ` von ${d.submittedBy}` : ''}).`,
        'Den Bogen findest du als PDF im Anhang. Die Jury sieht ihn sich jetzt an; sobald sie entschieden hat, bekommst du eine Nachricht.',
      ],
      action: { label: 'Dokumentationsbogen ansehen', url: ctx.link('/dokumentationsbogen') },
    },
    ctx,
  ),
  attachments: [
    { filename: documentationPdfName(d.facilityLabel, d.seasonIdentifier), contentType: 'application/pdf', source: formPdfSource, sourceData: { formId: d.formId } },
  ],
}));

/** to each member of the KiTa once */
export async function notifySubmitted(db: DbOrTx, facilityId: number, data: SubmittedData) {
  const seen = new Set<string>();
  for (const to of await memberEmails(db, facilityId)) {
    if (seen.has(to.toLowerCase())) continue;
    seen.add(to.toLowerCase());
    await enqueueMail(db, { to, template: formSubmittedTemplate, data });
  }
}
