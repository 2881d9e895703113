import type { DbOrTx } from '../../db/client';
import { germanDate } from '../../../src/shared/berlin-date';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, hello, layout, typed } from '../mail/templates';
import { fail } from '../../lib/http-error';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../users/users.table';
import { facilityMembers } from './facilities.table';

// Mails of issue 5, registered at import time; every one goes through the outbox in the caller's transaction.

type JoinRequestData = {
  facilityId: number;
  facilityLabel: string;
  requesterName: string;
  requesterEmail: string;
  message: string;
  forAdmin: boolean;
  /** the recipient's first name, for the greeting */
  greetName?: string;
};
// typed text (names, the KiTa's name, the message) only in the body, defanged; subject and link are ours
export const joinRequestTemplate = defineMailTemplate<JoinRequestData>('facility-join-request', (d, ctx) =>
  layout(
    {
      subject: `Neue Anfrage zu einer KiTa – ${ctx.programmeName}`,
      greeting: hello(d.greetName),
      paragraphs: [
        `${typed(d.requesterName)} (${d.requesterEmail}) möchte im Portal zur KiTa „${typed(d.facilityLabel)}“ gehören.`,
        ...(d.message ? [`Nachricht: „${typed(d.message, 500)}“`] : []),
        'Wenn du die Person kennst, nimm die Anfrage an; sonst lehne sie ab.',
      ],
      action: { label: 'Anfrage ansehen', url: ctx.link(d.forAdmin ? `/verwaltung/kitas/${Number(d.facilityId)}` : '/personal') },
    },
    ctx,
  ),
);

type InviteData = { firstName: string; facilityLabel: string; inviterName: string; path: string };
export const personInviteTemplate = defineMailTemplate<InviteData>('person-invitation', (d, ctx) =>
  layout(
    {
      subject: `Einladung ins Portal von ${ctx.programmeName}`,
      greeting: hello(d.firstName),
      paragraphs: [
        `${typed(d.inviterName)} lädt dich ein, im Portal von ${ctx.programmeName} für die KiTa „${typed(d.facilityLabel)}“ mitzuarbeiten.`,
        'Lege dir mit dem Link ein Benutzerkonto an (oder melde dich mit deinem bestehenden an); dein Konto wird dann mit deinem Eintrag im Personal der KiTa verbunden.',
      ],
      action: { label: 'Einladung annehmen', url: ctx.link(d.path) },
      after: ['Der Link gilt 14 Tage.'],
    },
    ctx,
  ),
);

type EnrolmentData = {
  facilityLabel: string;
  seasonLabel: string;
  projectTitle: string;
  topics: string[];
  contactName: string;
  deadline: string | null;
  change: 'created' | 'updated' | 'withdrawn';
  greetName?: string;
};
export const enrolmentConfirmationTemplate = defineMailTemplate<EnrolmentData>('season-enrolment-confirmation', (d, ctx) => {
  const kita = `„${typed(d.facilityLabel)}“`;
  // after "Hallo …," the sentence goes on in lower case
  const what =
    d.change === 'withdrawn'
      ? `die Anmeldung der KiTa ${kita} zum ${d.seasonLabel} wurde zurückgezogen.`
      : d.change === 'updated'
        ? `die Anmeldung der KiTa ${kita} zum ${d.seasonLabel} wurde geändert.`
        : `die KiTa ${kita} ist zum ${d.seasonLabel} angemeldet.`;
  return layout(
    {
      subject:
        d.change === 'withdrawn'
          ? `Anmeldung zurückgezogen: ${d.seasonLabel}`
          : d.change === 'updated'
            ? `Anmeldung geändert: ${d.seasonLabel}`
            : `Anmeldung bestätigt: ${d.seasonLabel}`,
      greeting: hello(d.greetName),
      paragraphs: [
        what,
        ...(d.change === 'withdrawn'
          ? []
          : [
              `Projekt: ${typed(d.projectTitle, 200)}`,
              `Themen: ${d.topics.map((t) => typed(t)).join(', ')}`,
              `Ansprechperson: ${typed(d.contactName)}`,
            ]),
        ...(d.deadline ? [`Änderungen sind bis zum ${germanDate(d.deadline)} möglich.`] : []),
      ],
      action: { label: 'Anmeldung ansehen', url: ctx.link('/kita-jahr-anmeldung') },
    },
    ctx,
  );
});

/** A join request comes from someone outside the KiTa: counted against each recipient only; the copy to admins is exempt. */
export async function notifyJoinRequest(db: DbOrTx, d: Omit<JoinRequestData, 'forAdmin' | 'greetName'>) {
  const members = uniqueRecipients(await memberRecipients(db, d.facilityId));
  const admins = uniqueRecipients(await adminRecipients(db)).filter((a) => !members.some((m) => m.email.toLowerCase() === a.email.toLowerCase()));
  for (const m of members)
    await enqueueMail(db, {
      to: m.email,
      template: joinRequestTemplate,
      data: { ...d, forAdmin: false, greetName: m.firstName },
      budget: 'recipient',
    });
  for (const a of admins)
    await enqueueMail(db, { to: a.email, template: joinRequestTemplate, data: { ...d, forAdmin: true, greetName: a.firstName }, budget: 'exempt' });
}

/**
 * The invitation is the request's whole point: over the mail budget nothing changes (the caller's transaction rolls
 * back) and the member reads why. An admin's invitation is exempt.
 */
export async function sendInvitation(db: DbOrTx, to: string, d: InviteData, budget: { facilityId: number } | 'exempt') {
  const { suppressed } = await enqueueMail(db, { to, template: personInviteTemplate, data: d, budget });
  if (suppressed) throw fail('person.invitation_mail_budget');
}

/** to the contact person and every member of the KiTa, each address once; the KiTa's own doing (its budget) unless an admin's */
export async function notifyEnrolment(
  db: DbOrTx,
  facilityId: number,
  contact: Recipient | null,
  d: Omit<EnrolmentData, 'greetName'>,
  opts: { byAdmin: boolean },
) {
  const to = uniqueRecipients([...(contact?.email ? [contact] : []), ...(await memberRecipients(db, facilityId))]);
  for (const r of to)
    await enqueueMail(db, {
      to: r.email,
      template: enrolmentConfirmationTemplate,
      data: { ...d, greetName: r.firstName },
      budget: opts.byAdmin ? 'exempt' : { facilityId },
    });
}

export type Recipient = { email: string; firstName: string };

/** each address once (case-insensitive), the first name that came with it first */
export function uniqueRecipients(list: Recipient[]): Recipient[] {
  const seen = new Set<string>();
  return list.filter((r) => r.email && !seen.has(r.email.toLowerCase()) && (seen.add(r.email.toLowerCase()), true));
}

/** members of a KiTa (active accounts) with their first names, for notifications that greet by name */
export async function memberRecipients(db: DbOrTx, facilityId: number): Promise<Recipient[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(facilityMembers)
    .innerJoin(users, eq(users.id, facilityMembers.userId))
    .where(and(eq(facilityMembers.facilityId, facilityId), isNull(users.deactivatedAt)));
}

async function adminRecipients(db: DbOrTx): Promise<Recipient[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)));
}
