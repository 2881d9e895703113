import type { OfferingKind } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../lib/record-helpers';
import type { OfferingRow } from './programme.table';
import { germanDate, germanTime } from '../../../src/shared/berlin-date';
import { icsCalendar, icsContentType } from '../../lib/ics';
import { memberRecipients, uniqueRecipients, type Recipient } from '../facilities/facility-mails';
import { enqueueMail, type EnqueueMail, type MailBudget, type MailChoice } from '../mail/outbox';
import { defineMailTemplate, hello, layout, typed, type MailContext } from '../mail/templates';

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
  /** the recipient's first name (the staff entry's own address, or a member's), for the greeting */
  greetName?: string;
};

/** "10.03.2027, 09:30 Uhr" (SPEC §1) */
export const germanDateTimeText = (d: Date) => `${germanDate(d)}, ${germanTime(d)} Uhr`;

function when(d: BookingMailData): string {
  const start = new Date(d.startsAt);
  const end = new Date(d.endsAt);
  const sameDay = germanDate(start) === germanDate(end);
  return sameDay
    ? `${germanDate(start)}, ${germanTime(start)} bis ${germanTime(end)} Uhr`
    : `${germanDateTimeText(start)} bis ${germanDateTimeText(end)}`;
}

function details(d: BookingMailData): string[] {
  return [
    `Wann: ${when(d)}`,
    ...(d.place ? [`Wo: ${d.place}`] : []),
    ...(d.onlineUrl ? [`Online: ${d.onlineUrl}`] : []),
    `Für: ${typed(d.personName)} (${typed(d.facilityLabel)})`,
  ];
}

/** the booking's calendar entry; the same UID in the mail and the download, so a calendar keeps one entry */
export function bookingIcs(
  d: Pick<BookingMailData, 'enrolmentId' | 'title' | 'startsAt' | 'endsAt' | 'place' | 'onlineUrl' | 'kind'>,
  ctx: Pick<MailContext, 'programmeName' | 'publicUrl' | 'link'>,
  status: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE' = 'CONFIRMED',
) {
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

const icsAttachment = (d: BookingMailData, ctx: MailContext) => ({
  filename: 'termin.ics',
  contentType: icsContentType,
  content: bookingIcs(d, ctx),
});

export const bookingConfirmedTemplate = defineMailTemplate<BookingMailData>('programme-booking-confirmed', (d, ctx) => ({
  ...layout(
    {
      subject: `Anmeldung bestätigt: ${d.title}`,
      greeting: hello(d.greetName),
      paragraphs: [
        `die Anmeldung für ${kindWord[d.kind]} „${d.title}“ ist bestätigt.`,
        ...details(d),
        'Den Termin für deinen Kalender findest du im Anhang.',
      ],
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
      greeting: hello(d.greetName),
      paragraphs: [
        `${kindWord[d.kind]} „${d.title}“ ist ausgebucht. ${typed(d.personName)} steht auf Platz ${d.waitlistPosition ?? '–'} der Warteliste.`,
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
      greeting: hello(d.greetName),
      paragraphs: [
        `ein Platz ist frei geworden: ${typed(d.personName)} ist von der Warteliste nachgerückt und für „${d.title}“ bestätigt.`,
        ...details(d),
        'Den Termin für deinen Kalender findest du im Anhang.',
      ],
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
      greeting: hello(d.greetName),
      paragraphs: [
        d.byAdmin
          ? `die Anmeldung von ${typed(d.personName)} für „${d.title}“ wurde von uns storniert.`
          : `die Anmeldung von ${typed(d.personName)} für „${d.title}“ ist storniert.`,
        ...(d.reason ? [`Grund: ${typed(d.reason, 500)}`] : []),
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
      greeting: hello(d.greetName),
      paragraphs: [
        `leider müssen wir ${kindWord[d.kind]} „${d.title}“ absagen. Die Anmeldung von ${typed(d.personName)} ist damit storniert.`,
        ...(d.reason ? [`Grund: ${typed(d.reason, 500)}`] : []),
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
      subject: `Erinnerung: ${d.title} am ${germanDate(new Date(d.startsAt))}`,
      greeting: hello(d.greetName),
      paragraphs: [
        `wir erinnern an ${kindWord[d.kind]} „${d.title}“.`,
        ...details(d),
        'Falls ihr doch nicht teilnehmen könnt, storniere die Anmeldung bitte im Portal, damit jemand von der Warteliste nachrücken kann.',
      ],
      action: { label: 'Anmeldungen ansehen', url: ctx.link(staffPagePath[d.kind]) },
    },
    ctx,
  ),
  attachments: [icsAttachment(d, ctx)],
}));

/**
 * To the person's own address if the staff entry has one (greeted by the entry's first name), else to every member
 * of the KiTa (each by their own). `budget`: the KiTa's when its staff acted (bookings, their cancellations, the
 * promotions and reminders that follow), `exempt` when an admin did.
 */
export async function mailBooking(
  db: DbOrTx,
  template: string,
  facilityId: number,
  person: { email: string; firstName: string },
  data: BookingMailData,
  budget: MailBudget,
  cache?: Map<number, Recipient[]>,
) {
  for (const mail of bookingMails(template, await bookingRecipients(db, facilityId, person, cache), data, budget)) await enqueueMail(db, mail);
}

/** who gets a booking mail of this staff entry (see mailBooking); `cache`: the KiTa's members, read once per transaction */
export async function bookingRecipients(
  db: DbOrTx,
  facilityId: number,
  person: { email: string; firstName: string },
  cache?: Map<number, Recipient[]>,
): Promise<Recipient[]> {
  if (person.email) return [{ email: person.email, firstName: person.firstName }];
  const to = cache?.get(facilityId) ?? uniqueRecipients(await memberRecipients(db, facilityId));
  cache?.set(facilityId, to);
  return to;
}

/** the mails of one booking mail to its recipients (see mailBooking), for `enqueueMails` */
export function bookingMails(template: string, to: Recipient[], data: BookingMailData, budget: MailBudget): EnqueueMail[] {
  return to.map((r) => ({ to: r.email, template, data: { ...data, greetName: r.firstName }, budget }));
}

/**
 * A booking's mails before its decision (issue 36): to each recipient the mail of a seat and the mail of a waiting
 * place, keyed by the staff entry; the statement that decides picks one (`chosenMailsInsert`) and puts in what only it
 * knows, the enrolment's id and the place on the waiting list.
 */
export function bookingMailChoices(personId: number, to: Recipient[], data: BookingMailData, budget: MailBudget): MailChoice[] {
  const confirmed = bookingMails(bookingConfirmedTemplate, to, data, budget);
  const waitlisted = bookingMails(bookingWaitlistedTemplate, to, data, budget);
  return confirmed.map((m, i) => ({
    key: String(personId),
    to: m.to,
    budget,
    byOutcome: { confirmed: { template: m.template, data: m.data }, waitlisted: { template: waitlisted[i]!.template, data: waitlisted[i]!.data } },
  }));
}

/** a booking mail's data: the date, the person and the KiTa as the booking's mails print them */
export function mailDataOf(
  o: OfferingRow,
  e: { id: number },
  person: { firstName: string; lastName: string },
  facilityLabel: string,
  extra: Partial<BookingMailData> = {},
): BookingMailData {
  return {
    enrolmentId: e.id,
    kind: o.kind as OfferingKind,
    title: o.title,
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    place: o.place,
    onlineUrl: o.onlineUrl,
    personName: personName(person),
    facilityLabel,
    ...extra,
  };
}
