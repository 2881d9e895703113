import { fail } from './http-error';

/** 409 for a write that carried a stale version (optimistic concurrency). */
export const conflictError = () => fail('common.conflict');
export const notFoundError = () => fail('common.not_found');

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const personName = (u: { firstName: string; lastName: string; email?: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email || '';

/** `{id, name}` for "changed by" columns; null when no one or the account is gone */
export const actorOf = (id: number | null, u: { firstName: string; lastName: string; email: string } | null | undefined) =>
  id != null && u ? { id, name: personName(u) } : null;

/** Only the keys that changed, as two small objects for the audit log. */
export function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}
