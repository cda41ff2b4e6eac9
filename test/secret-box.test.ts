// Encryption at rest (lib/secret-box.ts): AES-256-GCM with a random IV per value, a key id
// so keys can rotate, and a context that keeps a sealed value to its own row and column.
import t from 'tap';
import crypto from 'node:crypto';
import { keyId, parseKey, SecretBox, SecretBoxError } from '../lib/secret-box.ts';
import { loadConfig, readEncryptionSettings } from '../lib/config.ts';

const key = crypto.randomBytes(32);
const other = crypto.randomBytes(32);

t.test('seal and open round-trip; the plaintext is nowhere in the sealed bytes', async (t) => {
  const box = new SecretBox(key);
  const secret = 'ada.lovelace@example.com';
  const sealed = box.seal(secret, 'applicant_profiles.contact:1');
  t.equal(box.open(sealed, 'applicant_profiles.contact:1').toString(), secret);
  t.equal(sealed.indexOf(secret), -1);
  t.equal(sealed[0], 1, 'format version byte');
  t.same(sealed.subarray(1, 5), keyId(key), 'the key id names the sealing key');
  t.equal(sealed.length, 1 + 4 + 12 + 16 + Buffer.byteLength(secret));
  t.not(box.seal(secret, 'c').toString('hex'), box.seal(secret, 'c').toString('hex'), 'a fresh IV each time');
  t.same(box.openJson(box.sealJson({ a: [1, 'b'] }, 'c'), 'c'), { a: [1, 'b'] });
  const big = crypto.randomBytes(3 * 1024 * 1024);
  t.ok(box.open(box.seal(big, 'resume'), 'resume').equals(big), 'binary files too');
});

t.test('altered bytes, another context or another key do not open', async (t) => {
  const box = new SecretBox(key);
  const sealed = box.seal('secret', 'row-1');
  t.throws(() => box.open(sealed, 'row-2'), SecretBoxError, 'sealed for another row');
  for (const at of [5, 20, sealed.length - 1]) {
    const altered = Buffer.from(sealed);
    altered[at]! ^= 1;
    t.throws(() => box.open(altered, 'row-1'), SecretBoxError, `byte ${at} altered`);
  }
  t.throws(() => box.open(sealed.subarray(0, 20), 'row-1'), SecretBoxError, 'truncated');
  t.throws(() => new SecretBox(other).open(sealed, 'row-1'), /not configured/, 'a key the box does not hold');
});

t.test('rotation: the new key seals, previous keys still open', async (t) => {
  const old = new SecretBox(other);
  const sealedBefore = old.seal('kept', 'c');
  const rotated = new SecretBox(key, [other]);
  t.equal(rotated.open(sealedBefore, 'c').toString(), 'kept');
  const sealedAfter = rotated.seal('new', 'c');
  t.same(sealedAfter.subarray(1, 5), keyId(key));
  t.throws(() => old.open(sealedAfter, 'c'), /not configured/);
});

t.test('ENCRYPTION_KEY must be 32 bytes of base64', async (t) => {
  const encoded = key.toString('base64');
  t.ok(parseKey(encoded, 'ENCRYPTION_KEY').equals(key));
  t.ok(parseKey(key.toString('base64url'), 'ENCRYPTION_KEY').equals(key), 'base64url too');
  t.throws(() => parseKey(crypto.randomBytes(16).toString('base64'), 'ENCRYPTION_KEY'), /ENCRYPTION_KEY must be 32 random bytes/);
  t.throws(() => parseKey(`${encoded.slice(0, -4)}!!!!`, 'ENCRYPTION_KEY'), /ENCRYPTION_KEY/);
  t.same(readEncryptionSettings({}), { key: null, previousKeys: [] });
  const settings = readEncryptionSettings({ ENCRYPTION_KEY: encoded, ENCRYPTION_KEYS_PREVIOUS: `${other.toString('base64')}, ` });
  t.ok(settings.key!.equals(key));
  t.equal(settings.previousKeys.length, 1);
  t.throws(() => loadConfig({ ENCRYPTION_KEY: 'short' }), /ENCRYPTION_KEY must be 32 random bytes/, 'a bad key stops the start, naming the setting');
});
