// Encryption at rest (AES-256-GCM) for what the service must keep but never show: applicant
// profile sections and résumés now, mailbox credentials later. A sealed value is
//
//   [1 byte format version][4 byte key id][12 byte random IV][16 byte auth tag][ciphertext]
//
// The key id is a fingerprint of the key that sealed it, so keys can rotate: the box seals
// with its current key and opens with any key it holds (the current one and previous ones).
// `context` is authenticated but not stored (GCM's additional data): a value sealed for one
// row and column does not open as another's, so ciphertexts cannot be swapped around.
import crypto from 'node:crypto';

const FORMAT_VERSION = 1;
const KEY_BYTES = 32;
const KEY_ID_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + KEY_ID_BYTES + IV_BYTES + TAG_BYTES;

/** A value that cannot be opened: altered, truncated, sealed for another context, or under a key the box does not hold. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** The 4-byte fingerprint a sealed value names its key by (not the key, nor enough to guess it). */
export function keyId(key: Buffer): Buffer {
  return crypto.createHmac('sha256', key).update('secret-box key id').digest().subarray(0, KEY_ID_BYTES);
}

/** A 32-byte key written as base64 (how ENCRYPTION_KEY is given); `name` is the setting, for the message. */
export function parseKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  // Buffer.from skips characters that are not base64; a round trip shows they were all used.
  const canonical = (value: string) => value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (key.length !== KEY_BYTES || canonical(key.toString('base64')) !== canonical(trimmed)) {
    throw new Error(`${name} must be ${KEY_BYTES} random bytes written as base64 (for example: openssl rand -base64 32)`);
  }
  return key;
}

export class SecretBox {
  private readonly current: { id: Buffer; key: Buffer };
  private readonly keys: Map<string, Buffer>;

  /** Seals with `current`; opens with it and any of `previous` (keys being rotated out). */
  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== KEY_BYTES) throw new Error(`a secret-box key is ${KEY_BYTES} bytes, got ${key.length}`);
    }
    this.current = { id: keyId(current), key: current };
    this.keys = new Map([...previous, current].map((key) => [keyId(key).toString('hex'), key]));
  }

  seal(plaintext: Buffer | string, context: string): Buffer {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT_VERSION), this.current.id, iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer, context: string): Buffer {
    if (sealed.length < HEADER_BYTES || sealed[0] !== FORMAT_VERSION) throw new SecretBoxError('not a sealed value of a known format');
    const id = sealed.subarray(1, 1 + KEY_ID_BYTES);
    const key = this.keys.get(id.toString('hex'));
    if (!key) throw new SecretBoxError(`sealed under key ${id.toString('hex')}, which is not configured (ENCRYPTION_KEY, ENCRYPTION_KEYS_PREVIOUS)`);
    const iv = sealed.subarray(1 + KEY_ID_BYTES, 1 + KEY_ID_BYTES + IV_BYTES);
    const tag = sealed.subarray(1 + KEY_ID_BYTES + IV_BYTES, HEADER_BYTES);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
    } catch {
      throw new SecretBoxError('the sealed value was altered, or sealed for another context');
    }
  }

  sealJson(value: unknown, context: string): Buffer {
    return this.seal(JSON.stringify(value), context);
  }

  openJson<T>(sealed: Buffer, context: string): T {
    return JSON.parse(this.open(sealed, context).toString('utf8')) as T;
  }
}
