import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (19 MiB, 2 passes); about 20–40 ms here
const options = { algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a dummy hash when there is no user,
 * so an unknown e-mail costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-' + Math.random(), options);
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && storedHash !== undefined;
  } catch {
    return false;
  }
}
