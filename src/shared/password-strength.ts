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

/** `personal`: e-mail and names, which the password must neither be nor contain. */
export function checkPasswordStrength(password: string, personal: { email?: string; firstName?: string; lastName?: string }): PasswordVerdict {
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
  const result = zxcvbn().check(password, parts);
  if (result.score < minimumScore) return { ok: false, score: result.score, message: passwordMessages.weak };
  return { ok: true, score: result.score };
}
