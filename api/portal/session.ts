// Portal sign-in: a live customer key is exchanged for a session cookie holding a random
// token (the key is never kept; the database stores the token's SHA-256). The cookie is
// HttpOnly, SameSite=Strict, scoped to /portal, Secure in production, and the session ends
// at its expiry, on sign-out, or when its key is revoked. Every form carries a CSRF token:
// the session's own once signed in, and before that (the sign-in form) a double-submit
// token in a cookie of its own.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { blockedUntil, FAILURE_POLICY, recordAuthFailure } from '../../db/auth-failures.ts';
import { findKeyForAddress } from '../../db/api-keys.ts';
import { deletePortalSession, findPortalSession, insertPortalSession, type PortalSession } from '../../db/portal-sessions.ts';
import { hashApiKey, isWellFormedKey } from '../../lib/api-keys.ts';
import { clock } from '../../lib/clock.ts';
import { sameSecret } from '../../lib/same-secret.ts';

export const SESSION_HOURS = 8;
const SESSION_COOKIE = 'portal_session';
const SIGN_IN_CSRF_COOKIE = 'portal_csrf';

const randomToken = () => crypto.randomBytes(32).toString('base64url');
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest();

const sameToken = (expected: string, given: string | undefined): boolean => !!given && sameSecret(given, expected);

function setCookie(ctx: Context, name: string, value: string | null, maxAgeMs?: number): void {
  // Secure in production even when the TLS proxy is not trusted to say so (Koa would refuse).
  if (ctx.services.config.isProduction) ctx.cookies.secure = true;
  ctx.cookies.set(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/portal',
    secure: ctx.services.config.isProduction,
    overwrite: true,
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  });
}

/** The signed-in session of the request, or null. */
export async function currentSession(ctx: Context): Promise<PortalSession | null> {
  const token = ctx.cookies.get(SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  return findPortalSession(ctx.services.pool, tokenHash(token), clock.now());
}

/** The sign-in form's CSRF token: the one in its cookie, or a new one set now. */
export function signInCsrfToken(ctx: Context): string {
  const existing = ctx.cookies.get(SIGN_IN_CSRF_COOKIE);
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  setCookie(ctx, SIGN_IN_CSRF_COOKIE, token);
  return token;
}

export function signInCsrfValid(ctx: Context, given: string | undefined): boolean {
  const expected = ctx.cookies.get(SIGN_IN_CSRF_COOKIE);
  return expected !== undefined && sameToken(expected, given);
}

export function sessionCsrfValid(session: PortalSession, given: string | undefined): boolean {
  return sameToken(session.csrfToken, given);
}

export type SignInResult =
  | { ok: true }
  | { ok: false; reason: 'blocked'; until: Date }
  | { ok: false; reason: 'refused'; message: string };

const KIND_REFUSED: Record<string, string> = {
  sandbox: 'Sandbox keys cannot sign in to the portal. Sign in with a live key (jd_live_…).',
  master: 'Operator keys cannot sign in to the portal. Sign in with a customer key.',
  marketplace: 'Marketplace keys cannot sign in to the portal. Sign in with a customer key.',
};

/**
 * Signs in with an API key. Failures count against the client address like failed API
 * authentications (the same table and threshold), so the form cannot be used to guess keys.
 */
export async function signIn(ctx: Context, apiKey: string): Promise<SignInResult> {
  const { pool } = ctx.services;
  const now = clock.now();
  const key = apiKey.trim();
  let message = 'That key is not recognised. Check it, or ask an administrator of your account for a new one.';
  if (isWellFormedKey(key)) {
    const { found, blockedUntil: until } = await findKeyForAddress(pool, hashApiKey(key), ctx.ip, now);
    const live = found && !found.key.revoked_at && (!found.key.expires_at || found.key.expires_at > now);
    if (live && found.key.kind === 'customer') {
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3600_000);
      await insertPortalSession(pool, { tokenHash: tokenHash(token), accountId: found.account.id, keyId: found.key.id, csrfToken: randomToken(), expiresAt });
      setCookie(ctx, SESSION_COOKIE, token, SESSION_HOURS * 3600_000);
      setCookie(ctx, SIGN_IN_CSRF_COOKIE, null);
      return { ok: true };
    }
    if (until) return { ok: false, reason: 'blocked', until };
    if (live) return { ok: false, reason: 'refused', message: KIND_REFUSED[found.key.kind]! };
    if (found?.key.revoked_at) message = 'That key has been revoked. Sign in with another live key.';
    else if (found) message = 'That key has expired. Sign in with another live key.';
  } else {
    const until = await blockedUntil(pool, ctx.ip, now);
    if (until) return { ok: false, reason: 'blocked', until };
    if (key) message = 'API keys look like jd_live_ followed by 32 letters and digits.';
  }
  const until = await recordAuthFailure(pool, ctx.ip, now, FAILURE_POLICY);
  if (until) return { ok: false, reason: 'blocked', until };
  return { ok: false, reason: 'refused', message };
}

export async function signOut(ctx: Context): Promise<void> {
  const token = ctx.cookies.get(SESSION_COOKIE);
  if (token) await deletePortalSession(ctx.services.pool, tokenHash(token));
  setCookie(ctx, SESSION_COOKIE, null);
}
