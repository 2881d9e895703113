import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for the few secrets the database must hold readable (TOTP secrets): a stolen dump or backup alone does
 * not give away anyone's second factor. Sealed values look like `v1.<base64url(iv | tag | ciphertext)>`; a value
 * without that prefix is taken as written before encryption existed (and is sealed on start, see sealLegacy*).
 */
export type SecretBox = { seal: (plain: string) => string; open: (stored: string) => string; isSealed: (stored: string) => boolean };

const PREFIX = 'v1.';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}

const boxes = new Map<string, SecretBox>();
const keys = new Map<string, Buffer>();

type KeyConfig = { totpKey?: string | undefined; dataDir: string };

/**
 * The server's key: from TOTP_KEY (base64 of 32 bytes; required when several processes or machines share one
 * PostgreSQL), else from DATA_DIR/secrets/totp.key, created on first use with mode 0600.
 */
function serverKey(config: KeyConfig): { id: string; key: Buffer } {
  const id = config.totpKey ? `env:${config.totpKey}` : `file:${path.resolve(config.dataDir)}`;
  let key = keys.get(id);
  if (!key) {
    key = config.totpKey ? decodeKey(config.totpKey) : keyFromFile(path.resolve(config.dataDir, 'secrets', 'totp.key'));
    keys.set(id, key);
  }
  return { id, key };
}

/** The box for TOTP secrets (the server key itself, as before other purposes existed). */
export function totpBox(config: KeyConfig): SecretBox {
  const { id, key } = serverKey(config);
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(key);
    boxes.set(id, box);
  }
  return box;
}

const derive = (key: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `kita-portal ${purpose}`, 32));

/** A key for another purpose (e.g. signing device cookies), derived from the server key with HKDF-SHA256. */
export function derivedKey(config: KeyConfig, purpose: string): Buffer {
  return derive(serverKey(config).key, purpose);
}

/**
 * Where the server key comes from and a check value of it (HKDF with its own purpose: it gives away neither the key
 * nor any other key derived from it). Two equal check values mean the same key. `check` is null when there is no key
 * yet (no TOTP_KEY, no DATA_DIR/secrets/totp.key); unlike the key's other uses this never creates one. A backup
 * records it, so a restore without the archive's secrets can tell whether the operator's key opens what is sealed.
 */
export function serverKeyCheck(config: KeyConfig): { source: 'env' | 'file'; check: string | null } {
  if (config.totpKey) return { source: 'env', check: derive(decodeKey(config.totpKey), 'key check').toString('hex') };
  try {
    const key = decodeKey(fs.readFileSync(path.resolve(config.dataDir, 'secrets', 'totp.key'), 'utf8'));
    return { source: 'file', check: derive(key, 'key check').toString('hex') };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { source: 'file', check: null };
    throw err;
  }
}

export function decodeKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error('TOTP_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`).');
  return key;
}

function keyFromFile(file: string): Buffer {
  try {
    return decodeKey(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const text = `${randomBytes(32).toString('base64')}\n`;
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // another process created it at the same moment: use theirs
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return decodeKey(fs.readFileSync(file, 'utf8'));
  }
  return decodeKey(text);
}
