import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import { passwordMessages, passwordRules } from './contracts/accounts';

/**
 * Password strength with zxcvbn and German dictionaries; the server refuses below score 3, the client shows the
 * score while typing. The dictionaries are large: the client should import this file lazily.
 */
let factory: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...de.dictionary },
    graphs: common.adjacencyGraphs,
    translations: de.translations,
  }));

export const minimumScore = 3;

export type PasswordVerdict = { ok: true; score: number } | { ok: false; score: number; message: string };

/** What every guesser tries first against this portal: its own words, the seasons, months and the years around now. */
const portalWords = [
  'kita',
  'kitas',
  'portal',
  'kitaportal',
  'umwelt',
  'umweltkita',
  'kitajahr',
  'jahr',
  'saison',
  'programm',
  'passwort',
  'kindergarten',
];
const seasonWords = ['frühling', 'fruehling', 'frühjahr', 'fruehjahr', 'sommer', 'herbst', 'winter'];
const monthWords = [
  'januar',
  'jänner',
  'februar',
  'märz',
  'maerz',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'dezember',
];

export type PasswordContext = {
  /** PROGRAMME_NAME (the server's configuration; the client's public config) */
  programmeName?: string | undefined;
  /** for the years that count as "current" and "next" (tests) */
  now?: Date | undefined;
};

/** The words a guesser for this portal tries first, lower-case: the portal's, the season's, the years', the programme's. */
export function contextWords(context: PasswordContext = {}): string[] {
  const year = (context.now ?? new Date()).getFullYear();
  const programme = (context.programmeName ?? '').toLowerCase();
  const programmeParts = programme.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const joined = programmeParts.join('');
  return [
    ...new Set([
      ...portalWords,
      ...seasonWords,
      ...monthWords,
      String(year - 1),
      String(year),
      String(year + 1),
      ...programmeParts,
      ...(joined.length >= 3 ? [joined] : []),
    ]),
  ];
}

/**
 * `personal`: e-mail and names, which the password must neither be nor contain. The portal's own words, seasons,
 * months and the years around now (and the programme's name) are fed to zxcvbn as user inputs; and since zxcvbn
 * counts a tail like "2026!!" as random characters, a password that uses such words is also refused when what is
 * left after taking them out is weak on its own: "Sommer2026!!" leaves "!!", "KiTa-Portal-2026" leaves "--".
 */
export function checkPasswordStrength(
  password: string,
  personal: { email?: string; firstName?: string; lastName?: string },
  context: PasswordContext = {},
): PasswordVerdict {
  if (password.length < passwordRules.min) return { ok: false, score: 0, message: passwordMessages.tooShort };
  if (password.length > passwordRules.max) return { ok: false, score: 0, message: passwordMessages.tooLong };
  const lower = password.toLowerCase();
  const email = personal.email?.trim().toLowerCase() ?? '';
  const parts = [email, email.split('@')[0] ?? '', personal.firstName ?? '', personal.lastName ?? '']
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length >= 3);
  if (parts.some((p) => lower.includes(p))) {
    return { ok: false, score: 0, message: passwordMessages.containsPersonal };
  }
  // the e-mail's pieces (erika.muster@kita-sonne.de → erika, muster, kita, sonne) are guessed as well
  const emailPieces = email.split(/[^\p{L}\p{N}]+/u).filter((s) => s.length >= 3);
  const words = [...new Set([...contextWords(context), ...parts, ...emailPieces])];
  const result = zxcvbn().check(password, words);
  if (result.score < minimumScore) return { ok: false, score: result.score, message: passwordMessages.weak };
  let rest = lower;
  for (const w of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(w).join('');
  if (rest !== lower) {
    const restScore = rest.length === 0 ? 0 : zxcvbn().check(rest, words).score;
    if (restScore < minimumScore) return { ok: false, score: Math.min(result.score, restScore), message: passwordMessages.weak };
  }
  return { ok: true, score: result.score };
}
