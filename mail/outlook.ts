// Outlook mailboxes through @azure/msal-node's authorization-code flow (a confidential
// client): the consent URL its owner opens, the code Microsoft sends back redeemed for
// tokens, and a valid access token for every later IMAP login (XOAUTH2), renewed silently
// with the refresh token when the stored one runs out.
//
// Tokens live in the mailbox's sealed credential as msal's own serialized token cache, so
// any process can renew them: each operation gets a fresh ConfidentialClientApplication
// with that one cache (a shared application would mix mailboxes' caches between concurrent
// calls). What is shared per process: the network client and the authority's metadata.
//
// Authorities: msal knows Microsoft's login hosts itself. Any other host (a test OpenID
// provider) is named in `knownAuthorities`, and its OpenID configuration comes from
// MICROSOFT_AUTHORITY_METADATA or is fetched once per process from
// `<authority>/.well-known/openid-configuration`, through the same network client.
//
// The PKCE verifier and the OpenID nonce are derived from the consent `state` with an
// HMAC under the client secret: nothing more needs storing, and a code obtained in
// another consent cannot be redeemed here (its challenge and nonce do not match).
//
// No message here carries a token, the code or the client secret.
import crypto from 'node:crypto';
import { AuthError, ConfidentialClientApplication, LogLevel, type AuthenticationResult, type Configuration } from '@azure/msal-node';
import type { OutlookConfig } from '../lib/config.ts';
import type { ImapEndpoint } from './imap-connection.ts';
import { MailboxUnreachable, type OutlookAccess } from './mailbox-access.ts';
import { MailboxRefusal, type MailboxCredential } from './mailbox.ts';
import { msalNetworkClient } from './msal-network.ts';

export type OutlookCredential = Extract<MailboxCredential, { kind: 'oauth' }>;

/** Reading mail over IMAP, and a refresh token to keep doing so (Microsoft's names). */
export const OUTLOOK_SCOPES: readonly string[] = ['https://outlook.office.com/IMAP.AccessAsUser.All', 'offline_access'];

/** Where the identity provider sends the owner back after consent (api/routes/mailboxes.ts). */
export const CONSENT_CALLBACK_PATH = '/api/auto-apply/mailboxes/oauth/callback';

/** A stored access token this close to its end is renewed first: an IMAP read may take a minute. */
const RENEW_BEFORE_MS = 5 * 60_000;

/** Hosts msal has built-in endpoint metadata for (msal-common's AuthorityMetadata). */
const MICROSOFT_LOGIN_HOSTS = new Set(['login.microsoftonline.com', 'login.microsoftonline.us', 'login.partner.microsoftonline.cn']);

/** The consent did not produce tokens; `message` is for the owner's browser page and `last_error`. */
export class ConsentFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConsentFailed';
  }
}

export interface RedeemedConsent {
  credential: OutlookCredential;
  /** The account that consented, as the provider names it (preferred_username). */
  username: string;
  accessToken: string;
}

export interface OutlookClient extends OutlookAccess {
  /** The code the owner's consent sent back, redeemed for tokens (throws ConsentFailed). */
  redeemConsent(code: string, state: string): Promise<RedeemedConsent>;
}

export interface OutlookClientOptions {
  /** The service's public base URL: the redirect URI is built on it. */
  baseUrl: string;
  /** Further CAs the authority's certificate may chain to (MAILBOX_TLS_CA_FILE). */
  tlsCa: string | null;
}

/** An msal error in a sentence: its code and the first line of its message, cut short, secrets removed. */
function describe(error: unknown, secrets: string[]): string {
  if (!(error instanceof AuthError)) return 'an unexpected error';
  const message = (error.errorMessage || '').split(/\r?\n/)[0]!.trim();
  // msal words a server's error as "Error(s): … - Timestamp: … - Description: … - Correlation ID: …": keep the description.
  let text = /Description:\s*(.*?)\s*- Correlation ID:/.exec(message)?.[1] ?? message;
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]');
  text = text.replace(/\.$/, '');
  if (text.length > 300) text = `${text.slice(0, 300)}…`;
  return text ? `${error.errorCode}: ${text}` : error.errorCode;
}

const hmac = (key: string, label: string, state: string) => crypto.createHmac('sha256', key).update(`${label}:${state}`, 'utf8').digest('base64url');

export function createOutlookClient(outlook: OutlookConfig, options: OutlookClientOptions): OutlookClient {
  const networkClient = msalNetworkClient({ extraCa: options.tlsCa });
  const redirectUri = `${options.baseUrl}${CONSENT_CALLBACK_PATH}`;
  const authorityHost = new URL(outlook.authority).host;
  const builtIn = MICROSOFT_LOGIN_HOSTS.has(authorityHost);
  const endpoint: ImapEndpoint = { host: outlook.imapHost, port: outlook.imapPort, security: outlook.imapPort === 143 ? 'starttls' : 'ssl' };
  const pkce = (state: string) => {
    const verifier = hmac(outlook.clientSecret, 'pkce', state);
    return { verifier, challenge: crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url') };
  };
  const nonce = (state: string) => hmac(outlook.clientSecret, 'nonce', state);

  // The authority's OpenID configuration (JSON text), fetched once; a failed fetch is tried again next time.
  let metadata: Promise<string | undefined> | null = null;
  const authorityMetadata = (): Promise<string | undefined> => {
    if (outlook.authorityMetadata) return Promise.resolve(outlook.authorityMetadata);
    if (builtIn) return Promise.resolve(undefined);
    metadata ??= fetchOpenIdConfiguration().catch((error: unknown) => {
      metadata = null;
      throw error;
    });
    return metadata;
  };
  const fetchOpenIdConfiguration = async (): Promise<string> => {
    const url = `${outlook.authority}/.well-known/openid-configuration`;
    const answer = await networkClient.sendGetRequestAsync<Record<string, unknown>>(url);
    const document = answer.body;
    if (answer.status !== 200 || typeof document !== 'object' || document === null) {
      throw new AuthError('openid_config_error', '', `${url} answered ${answer.status}, not an OpenID configuration.`);
    }
    for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
      if (typeof document[field] !== 'string') throw new AuthError('openid_config_error', '', `${url} has no ${field}.`);
    }
    // msal checks the issuer of a configuration it fetches itself; this one it is handed, so check it here.
    if (new URL(document.issuer as string).origin !== new URL(outlook.authority).origin) {
      throw new AuthError('issuer_validation_failed', '', `${url} names the issuer ${String(document.issuer)}, not one at ${authorityHost}.`);
    }
    return JSON.stringify(document);
  };

  const application = async (): Promise<ConfidentialClientApplication> => {
    const configuration: Configuration = {
      auth: {
        clientId: outlook.clientId,
        clientSecret: outlook.clientSecret,
        authority: outlook.authority,
        ...(builtIn ? {} : { knownAuthorities: [authorityHost] }),
        authorityMetadata: await authorityMetadata(),
      },
      system: {
        networkClient,
        // msal's log is off: its failures reach us as errors, which we word without secrets.
        loggerOptions: { logLevel: LogLevel.Error, piiLoggingEnabled: false, loggerCallback: () => {} },
      },
    };
    return new ConfidentialClientApplication(configuration);
  };

  /** The credential to seal: the token just obtained and msal's whole cache (the refresh token is in it). */
  const credentialOf = (result: AuthenticationResult, app: ConfidentialClientApplication): OutlookCredential => {
    if (!result.account) throw new ConsentFailed('the identity provider returned tokens without an account (no ID token).');
    const expiresAt = result.expiresOn ?? new Date(Date.now() + RENEW_BEFORE_MS);
    return {
      kind: 'oauth',
      access_token: result.accessToken,
      expires_at: expiresAt.toISOString(),
      home_account_id: result.account.homeAccountId,
      token_cache: app.getTokenCache().serialize(),
    };
  };

  return {
    endpoint,

    async authorizationUrl(state, loginHint) {
      try {
        const app = await application();
        return await app.getAuthCodeUrl({
          scopes: [...OUTLOOK_SCOPES],
          redirectUri,
          state,
          // Addresses are stored lower-cased (spec 2.9); the hint names the same one.
          loginHint: loginHint.trim().toLowerCase(),
          nonce: nonce(state),
          codeChallenge: pkce(state).challenge,
          codeChallengeMethod: 'S256',
          responseMode: 'query',
        });
      } catch (error) {
        // The authority's configuration could not be had (or is unusable): no consent can be offered now.
        throw new MailboxRefusal('mailbox_oauth_unavailable', `The Outlook sign-in service could not be reached (${describe(error, [outlook.clientSecret])}); try again later.`);
      }
    },

    async redeemConsent(code, state) {
      let result: AuthenticationResult;
      let app: ConfidentialClientApplication;
      try {
        app = await application();
        result = await app.acquireTokenByCode({ code, scopes: [...OUTLOOK_SCOPES], redirectUri, codeVerifier: pkce(state).verifier, nonce: nonce(state) });
      } catch (error) {
        throw new ConsentFailed(`the authorization code could not be redeemed for tokens (${describe(error, [code, outlook.clientSecret])}).`);
      }
      const credential = credentialOf(result, app);
      return { credential, username: result.account?.username ?? '', accessToken: result.accessToken };
    },

    async accessToken(credential) {
      if (Date.parse(credential.expires_at) - Date.now() > RENEW_BEFORE_MS) return { accessToken: credential.access_token, refreshed: null };
      const reconnect = 'its owner must connect the mailbox again';
      let app: ConfidentialClientApplication;
      let result: AuthenticationResult;
      try {
        app = await application();
        const cache = app.getTokenCache();
        cache.deserialize(credential.token_cache);
        const account = await cache.getAccountByHomeId(credential.home_account_id);
        if (!account) throw new MailboxUnreachable(`The stored Outlook sign-in has no account to renew; ${reconnect}.`);
        // The stored token is the newest msal has (we keep what it returns), so msal's copy is
        // due as well: force the renewal rather than be handed back a token about to end.
        result = await app.acquireTokenSilent({ account, scopes: [...OUTLOOK_SCOPES], forceRefresh: true });
      } catch (error) {
        if (error instanceof MailboxUnreachable) throw error;
        throw new MailboxUnreachable(`Outlook access could not be renewed (${describe(error, [outlook.clientSecret])}); ${reconnect}.`);
      }
      if (!result.account) throw new MailboxUnreachable(`Outlook access was renewed without an account; ${reconnect}.`);
      return { accessToken: result.accessToken, refreshed: credentialOf(result, app) };
    },
  };
}
