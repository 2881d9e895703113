import type { DbOrTx } from '../../db/client';
import { germanDate } from '../../lib/record-helpers';
import { enqueueMail } from '../mail/outbox';
import { defineMailTemplate, layout } from '../mail/templates';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../users/users.table';
import { facilityMembers } from './facilities.table';

// Mails of issue 5, registered at import time; every one goes through the outbox in the caller's transaction.

type JoinRequestData = { facilityId: number; facilityLabel: string; requesterName: string; requesterEmail: string; message: string; forAdmin: boolean };
export const joinRequestTemplate = defineMailTemplate<JoinRequestData>('facility-join-request', (d, ctx) =>
  layout(
    {
      subject: `Anfrage: ${d.requesterName} möchte zur KiTa „${d.facilityLabel}“`,
      greeting: 'Hallo,',
      paragraphs: [
        `${d.requesterName} (${d.requesterEmail}) möchte im Portal zur KiTa „${d.facilityLabel}“ gehören.`,
        ...(d.message ? [`Nachricht: „${d.message}“`] : []),
        'Wenn du die Person kennst, nimm die Anfrage an; sonst lehne sie ab.',
      ],
      action: { label: 'Anfrage ansehen', url: ctx.link(d.forAdmin ? `/verwaltung/kitas/${d.facilityId}` : '/personal') },
    },
    ctx,
  ),
);

type InviteData = { firstName: string; facilityLabel: string; inviterName: string; path: string };
export const personInviteTemplate = defineMailTemplate<InviteData>('person-invitation', (d, ctx) =>
  layout(
    {
      subject: `Einladung ins Portal von ${ctx.programmeName}`,
      greeting: `Hallo ${d.firstName},`,
      paragraphs: [
        `${d.inviterName} lädt dich ein, im Portal von ${ctx.programmeName} für die KiTa „${d.facilityLabel}“ mitzuarbeiten.`,
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
};
export const enrolmentConfirmationTemplate = defineMailTemplate<EnrolmentData>('season-enrolment-confirmation', (d, ctx) => {
  const what =
    d.change === 'withdrawn'
      ? `die Anmeldung der KiTa „${d.facilityLabel}“ zum ${d.seasonLabel} wurde zurückgezogen.`
      : d.change === 'updated'
        ? `die Anmeldung der KiTa „${d.facilityLabel}“ zum ${d.seasonLabel} wurde geändert.`
        : `die KiTa „${d.facilityLabel}“ ist zum ${d.seasonLabel} angemeldet.`;
  return layout(
    {
      subject:
        d.change === 'withdrawn' ? `Anmeldung zurückgezogen: ${d.seasonLabel}` : `Anmeldung bestätigt: ${d.facilityLabel}, ${d.seasonLabel}`,
      greeting: 'Hallo,',
      paragraphs: [
        `${what.charAt(0).toUpperCase()}${what.slice(1)}`,
        ...(d.change === 'withdrawn'
          ? []
          : [`Projekt: ${d.projectTitle}`, `Themen: ${d.topics.join(', ')}`, `Ansprechperson: ${d.contactName}`]),
        ...(d.deadline ? [`Änderungen sind bis zum ${germanDate(d.deadline)} möglich.`] : []),
      ],
      action: { label: 'Anmeldung ansehen', url: ctx.link('/kita-jahr-anmeldung') },
    },
    ctx,
  );
});

const unique = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((e) => e && !seen.has(e.toLowerCase()) && (seen.add(e.toLowerCase()), true));
};

export async function notifyJoinRequest(db: DbOrTx, d: Omit<JoinRequestData, 'forAdmin'>) {
  const members = unique(await memberEmails(db, d.facilityId));
  const admins = unique(await adminEmails(db)).filter((a) => !members.some((m) => m.toLowerCase() === a.toLowerCase()));
  for (const to of members) await enqueueMail(db, { to, template: joinRequestTemplate, data: { ...d, forAdmin: false } });
  for (const to of admins) await enqueueMail(db, { to, template: joinRequestTemplate, data: { ...d, forAdmin: true } });
}

export async function sendInvitation(db: DbOrTx, to: string, d: InviteData) {
  await enqueueMail(db, { to, template: personInviteTemplate, data: d });
}

/** to the contact person and every member of the KiTa, each address once */
export async function notifyEnrolment(db: DbOrTx, facilityId: number, contactEmail: string | null, d: EnrolmentData) {
  const to = unique([...(contactEmail ? [contactEmail] : []), ...(await memberEmails(db, facilityId))]);
  for (const address of to) await enqueueMail(db, { to: address, template: enrolmentConfirmationTemplate, data: d });
}

/** members' e-mail addresses of a KiTa, for notifications */
export async function memberEmails(db: DbOrTx, facilityId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(facilityMembers)
    .innerJoin(users, eq(users.id, facilityMembers.userId))
    .where(and(eq(facilityMembers.facilityId, facilityId), isNull(users.deactivatedAt)));
  return rows.map((r) => r.email);
}

export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)));
  return rows.map((r) => r.email);
}

