import { defineMailTemplate, hello, layout } from '../mail/templates';

/** Sent once per throttle window when untrusted clients have used up an account's login guesses. */
export const loginAttackMail = defineMailTemplate<{ firstName: string; until: string }>('auth-login-attack', (d, ctx) =>
  layout(
    {
      subject: `Viele falsche Anmeldeversuche bei deinem Konto – ${ctx.programmeName}`,
      greeting: hello(d.firstName),
      paragraphs: [
        `gerade wurde mehrmals versucht, dich mit einem falschen Passwort oder Code im ${ctx.programmeName} anzumelden.`,
        `Anmeldungen von Geräten, mit denen du dich noch nie angemeldet hast, sind deshalb bis ${d.until} Uhr gesperrt. Auf Geräten, mit denen du dich schon angemeldet hast, kannst du dich weiter anmelden.`,
      ],
      after: [
        'Wenn du das selbst warst, musst du nichts tun.',
        `Wenn nicht, versucht vielleicht jemand, dein Passwort zu erraten: Wähle ein neues, langes Passwort (über „Passwort vergessen“ oder in deinen Einstellungen) und schalte den zweiten Faktor ein. Bei Fragen schreib uns an ${ctx.supportEmail}.`,
      ],
    },
    ctx,
  ),
);
