import type { DbOrTx } from '../../db/client';
import { germanDateTime } from '../../lib/export-format';
import { memberRecipients, uniqueRecipients } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, hello, layout, typed } from '../mail/templates';
import { documentationPdfName } from './form-pdf';

/**
 * Mails of the staff side (issue 12), through the outbox in the caller's transaction. The form's PDF is an
 * attachment built when the mail is sent (source `documentation-form-pdf`, registered by documentation.routes.ts):
 * nothing binary waits in the outbox.
 */
export const formPdfSource = 'documentation-form-pdf';

type SubmittedData = {
  formId: number;
  facilityLabel: string;
  seasonLabel: string;
  seasonIdentifier: string;
  submittedAt: string;
  submittedBy: string;
  greetName?: string;
};

export const formSubmittedTemplate = defineMailTemplate<SubmittedData>('documentation-submitted', (d, ctx) => {
  // the PDF could not be built (a photo its renderer cannot read): the mail goes out without it and says so
  const noPdf = ctx.attachmentMissing?.(formPdfSource) === true;
  return {
    ...layout(
      {
        subject: `Dokumentationsbogen eingereicht: ${d.seasonLabel}`,
        greeting: hello(d.greetName),
        paragraphs: [
          `der Dokumentationsbogen der KiTa „${typed(d.facilityLabel)}“ für das ${d.seasonLabel} ist eingereicht (am ${germanDateTime(new Date(d.submittedAt)).replace(' ', ', ')} Uhr${d.submittedBy ? ` von ${typed(d.submittedBy)}` : ''}).`,
          noPdf
            ? 'Das PDF des Bogens ließ sich diesmal nicht erstellen; du findest den Bogen im Portal. Die Jury sieht ihn sich jetzt an; sobald sie entschieden hat, bekommst du eine Nachricht.'
            : 'Den Bogen findest du als PDF im Anhang. Die Jury sieht ihn sich jetzt an; sobald sie entschieden hat, bekommst du eine Nachricht.',
        ],
        action: { label: 'Dokumentationsbogen ansehen', url: ctx.link('/dokumentationsbogen') },
      },
      ctx,
    ),
    attachments: noPdf
      ? []
      : [
          {
            filename: documentationPdfName(d.facilityLabel, d.seasonIdentifier),
            contentType: 'application/pdf',
            source: formPdfSource,
            sourceData: { formId: d.formId },
          },
        ],
  };
});

/** to each member of the KiTa once; the KiTa's own doing (its mail budget) */
export async function notifySubmitted(db: DbOrTx, facilityId: number, data: Omit<SubmittedData, 'greetName'>) {
  for (const r of uniqueRecipients(await memberRecipients(db, facilityId))) {
    await enqueueMail(db, { to: r.email, template: formSubmittedTemplate, data: { ...data, greetName: r.firstName }, budget: { facilityId } });
  }
}
