import { defineMailTemplate, hello as helloName, layout } from '../mail/templates';

/** The account mails (issue 4). German, du-form; links are paths made absolute from PUBLIC_URL. */

type Named = { firstName: string };
const hello = (d: Named) => helloName(d.firstName);

export const activationMail = defineMailTemplate<Named & { path: string; invited?: boolean }>('account-activation', (d, ctx) =>
  layout(
    {
      subject: d.invited ? `Dein Zugang zum ${ctx.programmeName}` : `Bitte bestätige deine E-Mail-Adresse – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: d.invited
        ? [
            `für dich wurde ein Benutzerkonto im ${ctx.programmeName} angelegt.`,
            'Über den Link legst du dein Passwort fest und aktivierst dein Konto.',
          ]
        : [
            `schön, dass du dich im ${ctx.programmeName} registriert hast.`,
            'Bitte bestätige deine E-Mail-Adresse, damit wir dein Benutzerkonto aktivieren können.',
          ],
      action: { label: d.invited ? 'Passwort festlegen' : 'E-Mail-Adresse bestätigen', url: ctx.link(d.path) },
      after: ['Der Link gilt 48 Stunden und funktioniert nur einmal.', 'Wenn du das nicht warst, musst du nichts tun.'],
    },
    ctx,
  ),
);

export const registrationAttemptMail = defineMailTemplate<Named & { resetPath: string }>('account-registration-attempt', (d, ctx) =>
  layout(
    {
      subject: `Registrierung mit deiner E-Mail-Adresse – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: [
        `gerade hat jemand versucht, sich mit deiner E-Mail-Adresse im ${ctx.programmeName} zu registrieren. Du hast dort aber schon ein Benutzerkonto.`,
        'Wenn du das warst und dein Passwort nicht mehr weißt, kannst du ein neues festlegen.',
      ],
      action: { label: 'Passwort vergessen?', url: ctx.link(d.resetPath) },
      after: ['Wenn du das nicht warst, musst du nichts tun – dein Konto bleibt, wie es ist.'],
    },
    ctx,
  ),
);

export const passwordResetMail = defineMailTemplate<Named & { path: string }>('account-password-reset', (d, ctx) =>
  layout(
    {
      subject: `Neues Passwort festlegen – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: ['du hast ein neues Passwort angefordert. Über den Link legst du es fest.'],
      action: { label: 'Neues Passwort festlegen', url: ctx.link(d.path) },
      after: [
        'Der Link gilt eine Stunde und funktioniert nur einmal.',
        'Wenn du das nicht warst, musst du nichts tun – dein Passwort bleibt, wie es ist.',
      ],
    },
    ctx,
  ),
);

export const passwordChangedMail = defineMailTemplate<Named>('account-password-changed', (d, ctx) =>
  layout(
    {
      subject: `Dein Passwort wurde geändert – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: ['das Passwort deines Benutzerkontos wurde gerade geändert. Alle anderen Sitzungen wurden beendet.'],
      after: [`Wenn du das nicht warst, setze bitte sofort ein neues Passwort über „Passwort vergessen“ und schreib uns an ${ctx.supportEmail}.`],
    },
    ctx,
  ),
);

export const emailChangeConfirmMail = defineMailTemplate<Named & { path: string; newEmail: string }>('account-email-change-confirm', (d, ctx) =>
  layout(
    {
      subject: `Bitte bestätige deine neue E-Mail-Adresse – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: [
        `du möchtest dein Benutzerkonto im ${ctx.programmeName} auf diese Adresse umstellen: ${d.newEmail}.`,
        'Bitte bestätige das über den Link.',
      ],
      action: { label: 'Neue E-Mail-Adresse bestätigen', url: ctx.link(d.path) },
      after: ['Der Link gilt 24 Stunden und funktioniert nur einmal.', 'Wenn du das nicht warst, musst du nichts tun.'],
    },
    ctx,
  ),
);

export const emailChangeNoticeMail = defineMailTemplate<Named & { newEmail: string }>('account-email-change-notice', (d, ctx) =>
  layout(
    {
      subject: `Änderung deiner E-Mail-Adresse angefragt – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: [
        `für dein Benutzerkonto wurde eine neue E-Mail-Adresse angegeben: ${d.newEmail}. Sie gilt, sobald sie über den Link in der Mail an die neue Adresse bestätigt wurde.`,
      ],
      after: [`Wenn du das nicht warst, ändere bitte dein Passwort und schreib uns an ${ctx.supportEmail}.`],
    },
    ctx,
  ),
);

export const accountDeletedMail = defineMailTemplate<Named>('account-deleted', (d, ctx) =>
  layout(
    {
      subject: `Dein Benutzerkonto wurde gelöscht – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: [
        `dein Benutzerkonto im ${ctx.programmeName} und deine Einwilligungen sind gelöscht.`,
        'Einträge deiner KiTa bleiben bei der KiTa, ohne Bezug zu deinem Konto.',
      ],
    },
    ctx,
  ),
);

export const emailTakenMail = defineMailTemplate<Record<string, never>>('account-email-taken', (_d, ctx) =>
  layout(
    {
      subject: `Deine E-Mail-Adresse wurde angegeben – ${ctx.programmeName}`,
      greeting: 'Hallo,',
      paragraphs: [
        `gerade wollte jemand ein anderes Benutzerkonto im ${ctx.programmeName} auf deine E-Mail-Adresse umstellen. Zu deiner Adresse gibt es aber schon ein Konto, deshalb haben wir nichts geändert.`,
      ],
      after: [`Wenn du Fragen hast, schreib uns an ${ctx.supportEmail}.`],
    },
    ctx,
  ),
);

/** issue 38, retention rule `inactive-accounts`: the warning before an account without a login is deleted */
export const inactiveAccountWarningMail = defineMailTemplate<Named & { deleteOn: string }>('account-inactive-warning', (d, ctx) =>
  layout(
    {
      subject: `Dein Benutzerkonto wird am ${d.deleteOn} gelöscht – ${ctx.programmeName}`,
      greeting: hello(d),
      paragraphs: [
        `du hast dich lange nicht mehr im ${ctx.programmeName} angemeldet. Damit wir keine Daten länger aufbewahren als nötig, löschen wir Benutzerkonten, die lange nicht genutzt wurden.`,
        `Dein Benutzerkonto wird am ${d.deleteOn} gelöscht. Wenn du es behalten möchtest, melde dich einfach bis dahin einmal an.`,
        'Die Einträge deiner KiTa (Personal, Anmeldungen, Teilnahmen) bleiben bei der KiTa, auch wenn dein Konto gelöscht wird.',
      ],
      action: { label: 'Jetzt anmelden', url: ctx.link('/login') },
      after: ['Wenn du das Konto nicht mehr brauchst, musst du nichts tun.'],
    },
    ctx,
  ),
);
