import type { OfferingKind } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { germanDay } from '../../lib/export-format';
import { icsCalendar, icsContentType } from '../../lib/ics';
import { memberEmails } from '../facilities/facility-mails';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, layout, type MailContext } from '../mail/templates';

/** Mails of the season's programme (issue 11); every one through the outbox in the caller's transaction. */

export const staffPagePath: Record<OfferingKind, string> = {
  training: '/fortbildungen',
  hospitation: '/hospitationen',
  awarding: '/auszeichnungsverantaltung',
};

const kindWord: Record<OfferingKind, string> = { training: 'die Fortbildung', hospitation: 'die Hospitation', awarding: 'den Workshop' };

/** what every programme mail knows of its booking (JSON: it waits in the outbox) */
export type BookingMailData = {
  enrolmentId: number;
  kind: OfferingKind;
  title: string;
  startsAt: string;
  endsAt: string;
  place: string;
  onlineUrl: string;
  personName: string;
  facilityLabel: string;
  waitlistPosition?: number | null;
  reason?: string | null;
  byAdmin?: boolean;
};

const timeFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** "10.03.2027, 09:30 Uhr" (SPEC §1) */
export const germanDateTimeText = (d: Date) => `${germanDay(d)}, ${timeFormat.format(d)} Uhr`;
export const germanTime = (d: Date) => timeFormat.format(d);

function when(d: BookingMailData): string {
  const start = new Date(d.startsAt);
  const end = new Date(d.endsAt);
  const sameDay = germanDay(start) === germanDay(end);
  return sameDay ? `${germanDay(start)}, ${germanTime(start)} bis ${germanTime(end)} Uhr` : `${germanDateTimeText(start)} bis ${germanDateTimeText(end)}`;
}

function details(d: BookingMailData): string[] {
  return [`Wann: ${when(d)}`, ...(d.place ? [`Wo: ${d.place}`] : []), ...(d.onlineUrl ? [`Online: ${d.onlineUrl}`] : []), `Für: ${d.personName} (${d.facilityLabel})`];
}

/** the booking's calendar entry; the same UID in the mail and the download, so a calendar keeps one entry */
export function bookingIcs(d: Pick<BookingMailData, 'enrolmentId' | 'title' | 'startsAt' | 'endsAt' | 'place' | 'onlineUrl' | 'kind'>, ctx: Pick<MailContext, 'programmeName' | 'publicUrl' | 'link'>, status: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE' = 'CONFIRMED') {
  const host = (() => {
    try {
      return new URL(ctx.publicUrl).hostname || 'kita-portal.local';
    } catch {
      return 'kita-portal.local';
    }
  })();
  return icsCalendar(
    [
      {
        uid: `offering-enrolment-${d.enrolmentId}@${host}`,
        start: new Date(d.startsAt),
        end: new Date(d.endsAt),
        summary: `${ctx.programmeName}: ${d.title}`,
        description: d.onlineUrl ? `Online: ${d.onlineUrl}` : '',
        location: d.place || d.onlineUrl,
        url: ctx.link(staffPagePath[d.kind]),
        status,
      },
    ],
    { prodId: `-//${ctx.programmeName.replace(/[^\w .-]/g, '')}//KiTa-Portal//DE`, method: 'PUBLISH' },
  );
}

const icsAttachment = (d: BookingMailData, ctx: MailContext) => ({ filename: 'termin.ics', contentType: icsContentType, content: bookingIcs(d, ctx) });

export const bookingConfirmedTemplate = defineMailTemplate<BookingMailData>('programme-booking-confirmed', (d, ctx) => ({
  ...layout(
    {
      subject: `Anmeldung bestätigt: ${d.title}`,
      greeting: 'Hallo,',
      paragraphs: [`die Anmeldung für ${kindWord[d.kind]} „${d.title}“ ist bestätigt.`, ...details(d), 'Den Termin für deinen Kalender findest du im Anhang.'],
      action: { label: 'Anmeldungen ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
  attachments: [icsAttachment(d, ctx)],
}));

export const bookingWaitlistedTemplate = defineMailTemplate<BookingMailData>('programme-booking-waitlisted', (d, ctx) =>
  layout(
    {
      subject: `Warteliste: ${d.title}`,
      greeting: 'Hallo,',
      paragraphs: [
        `${kindWord[d.kind].charAt(0).toUpperCase()}${kindWord[d.kind].slice(1)} „${d.title}“ ist ausgebucht. ${d.personName} steht auf Platz ${d.waitlistPosition ?? '–'} der Warteliste.`,
        ...details(d),
        'Wird ein Platz frei, rückt die Warteliste der Reihe nach nach; dann bekommst du eine Nachricht.',
      ],
      action: { label: 'Anmeldungen ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
);

export const bookingPromotedTemplate = defineMailTemplate<BookingMailData>('programme-booking-promoted', (d, ctx) => ({
  ...layout(
    {
      subject: `Nachgerückt: ${d.title}`,
      greeting: 'Hallo,',
      paragraphs: [`ein Platz ist frei geworden: ${d.personName} ist von der Warteliste nachgerückt und für „${d.title}“ bestätigt.`, ...details(d), 'Den Termin für deinen Kalender findest du im Anhang.'],
      action: { label: 'Anmeldungen ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
  attachments: [icsAttachment(d, ctx)],
}));

export const bookingCancelledTemplate = defineMailTemplate<BookingMailData>('programme-booking-cancelled', (d, ctx) =>
  layout(
    {
      subject: `Storniert: ${d.title}`,
      greeting: 'Hallo,',
      paragraphs: [
        d.byAdmin
          ? `die Anmeldung von ${d.personName} für „${d.title}“ wurde von uns storniert.`
          : `die Anmeldung von ${d.personName} für „${d.title}“ ist storniert.`,
        ...(d.reason ? [`Grund: ${d.reason}`] : []),
        ...details(d),
      ],
      action: { label: 'Anmeldungen ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
);

export const offeringCancelledTemplate = defineMailTemplate<BookingMailData>('programme-offering-cancelled', (d, ctx) =>
  layout(
    {
      subject: `Abgesagt: ${d.title}`,
      greeting: 'Hallo,',
      paragraphs: [
        `leider müssen wir ${kindWord[d.kind]} „${d.title}“ absagen. Die Anmeldung von ${d.personName} ist damit storniert.`,
        ...(d.reason ? [`Grund: ${d.reason}`] : []),
        ...details(d),
      ],
      action: { label: 'Andere Termine ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
);

export const bookingReminderTemplate = defineMailTemplate<BookingMailData>('programme-reminder', (d, ctx) => ({
  ...layout(
    {
      subject: `Erinnerung: ${d.title} am ${germanDay(new Date(d.startsAt))}`,
      greeting: 'Hallo,',
      paragraphs: [`wir erinnern an ${kindWord[d.kind]} „${d.title}“.`, ...details(d), 'Falls ihr doch nicht teilnehmen könnt, storniere die Anmeldung bitte im Portal, damit jemand von der Warteliste nachrücken kann.'],
      action: { label: 'Anmeldungen ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
  attachments: [icsAttachment(d, ctx)],
}));

const unique = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((e) => e && !seen.has(e.toLowerCase()) && (seen.add(e.toLowerCase()), true));
};

/** to the person's own address if the staff entry has one, else to every member of the KiTa */
export async function mailBooking(db: DbOrTx, template: string, facilityId: number, personEmail: string, data: BookingMailData, cache?: Map<number, string[]>) {
  let to: string[];
  if (personEmail) to = [personEmail];
  else {
    to = cache?.get(facilityId) ?? unique(await memberEmails(db, facilityId));
    cache?.set(facilityId, to);
  }
  for (const address of to) await enqueueMail(db, { to: address, template, data });
}
