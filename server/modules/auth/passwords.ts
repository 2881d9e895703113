import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (19 MiB, 2 passes); about 20–40 ms here
const options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/** an account created by an admin has '' until its activation: no hash to verify against */
const isArgon2 = (stored: string | undefined): stored is string => typeof stored === 'string' && stored.startsWith('$argon2');

/**
 * Verifies against the stored hash, or against a dummy hash when there is none (unknown e-mail, an invited account
 * without a password yet), so every path costs one argon2 verification and answers in the same time.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-' + Math.random(), options);
  const real = isArgon2(storedHash);
  const target = real ? storedHash : await dummyHash;
  try {
    const ok = await verify(target, password);
    return ok && real;
  } catch {
    return false;
  }
}
