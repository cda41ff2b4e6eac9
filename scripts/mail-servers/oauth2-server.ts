// navikt's mock-oauth2-server (no.nav.security:mock-oauth2-server) on loopback over HTTPS,
// with our test certificate (@azure/msal-node refuses an http authority). A real OAuth2 /
// OpenID Connect server: discovery, authorize (with its login form), token, introspect,
// JWKS, all signed. Its JSON config (JSON_CONFIG_PATH) turns the login form on and makes
// every token name the signed-in user in `username`, `email` and `preferred_username`,
// which is what the introspection answer shows Dovecot (username_attribute = username).
//
// The server derives a token's issuer from the Host of the request, so everything talks to
// it as 127.0.0.1: a token fetched through `localhost` would not introspect as active.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../lib/net.ts';
import type { TestCertificates } from './certificates.ts';
import { httpsRequest } from './clients.ts';
import { findJava, JVM_OPTIONS, mavenClasspath } from './java.ts';
import { MailServerError, startServerProcess, waitUntilReady, type ServerProcess } from './server-process.ts';

const POM = path.join(import.meta.dirname, 'oauth2-server.pom.xml');
const START_TIMEOUT_MS = 60_000;
/** The server's first path segment names the issuer; it serves any name, this one is configured. */
const ISSUER_ID = 'default';
/** Where the authorization code is sent back: never called, only read from the redirect. */
const REDIRECT_URI = 'http://127.0.0.1/oauth2/callback';

export interface OAuth2ServerOptions {
  /** Its config (oauth2-server.json) and log (oauth2-server.log) go here. */
  dir: string;
  cacheDir: string;
  certificates: TestCertificates;
  /** A free one when absent (Dovecot's config needs it before the server is up). */
  port?: number;
  onProgress?: (message: string) => void;
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  id_token?: string;
}

export interface OAuth2Server {
  /** https://127.0.0.1:PORT/default, also the base of its discovery document. */
  issuer: string;
  discoveryUrl: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  introspectionEndpoint: string;
  jwksUri: string;
  /** A client for the helpers and Dovecot's introspection (the server accepts any client id and secret). */
  clientId: string;
  clientSecret: string;
  /** The CA certificate (PEM) to trust for its HTTPS. */
  ca: string;
  /**
   * Plays the user at an authorization URL (one a client built): submits the login form as
   * `username`, with `claims` added to the tokens, and returns the redirect back to the
   * client, which carries `code` and `state`.
   */
  approveAuthorization(authorizationUrl: string | URL, username: string, claims?: Record<string, unknown>): Promise<URL>;
  /**
   * A real access token for `username` by the authorization code flow, without a browser.
   * `expired`: a correctly signed token whose `exp` lies an hour in the past.
   */
  accessToken(username: string, options?: { expired?: boolean }): Promise<TokenResponse>;
  process: ServerProcess;
  stop(): Promise<void>;
}

export function prepareOAuth2Server(cacheDir: string, onProgress: (message: string) => void = () => {}): Promise<string> {
  return mavenClasspath(POM, cacheDir, onProgress);
}

/** The server's JSON config: HTTPS with our keystore, the login form, the user's name in every token. */
function serverConfig(certificates: TestCertificates) {
  return {
    interactiveLogin: true,
    httpServer: {
      type: 'NettyWrapper',
      ssl: { keystoreFile: certificates.keystoreFile, keystoreType: 'PKCS12', keystorePassword: certificates.keystorePassword, keyPassword: certificates.keystorePassword },
    },
    tokenCallbacks: [
      {
        issuerId: ISSUER_ID,
        tokenExpiry: 3600,
        // `subject` is the name typed into the login form (or a password grant's username).
        requestMappings: [{ requestParam: 'subject', match: '.+', claims: { username: '${subject}', email: '${subject}', preferred_username: '${subject}' } }],
      },
    ],
  };
}

export async function startOAuth2Server(options: OAuth2ServerOptions): Promise<OAuth2Server> {
  const onProgress = options.onProgress ?? (() => {});
  const java = findJava();
  const classpath = await prepareOAuth2Server(options.cacheDir, onProgress);
  const port = options.port ?? (await freePort());
  const configFile = path.join(options.dir, 'oauth2-server.json');
  await fs.writeFile(configFile, JSON.stringify(serverConfig(options.certificates), null, 2), { mode: 0o600 });

  onProgress(`starting the OAuth2 server on https://127.0.0.1:${port} with Java ${java.major}`);
  const server = startServerProcess(
    'The OAuth2 server',
    java.bin,
    [...JVM_OPTIONS, '-Dorg.slf4j.simpleLogger.showDateTime=true', '-cp', classpath, 'no.nav.security.mock.oauth2.StandaloneMockOAuth2ServerKt'],
    { logFile: path.join(options.dir, 'oauth2-server.log'), env: { ...process.env, SERVER_HOSTNAME: '127.0.0.1', SERVER_PORT: String(port), JSON_CONFIG_PATH: configFile } },
  );
  const ca = await fs.readFile(options.certificates.caFile, 'utf8');
  const base = `https://127.0.0.1:${port}`;
  await waitUntilReady(server, async () => (await httpsRequest(`${base}/isalive`, { ca })).status === 200, START_TIMEOUT_MS);

  const issuer = `${base}/${ISSUER_ID}`;
  const endpoints = {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    introspectionEndpoint: `${issuer}/introspect`,
    jwksUri: `${issuer}/jwks`,
  };
  const clientId = 'jobdata-mail-tests';
  const clientSecret = crypto.randomBytes(16).toString('hex');

  const approveAuthorization = async (authorizationUrl: string | URL, username: string, claims?: Record<string, unknown>): Promise<URL> => {
    const answer = await httpsRequest(String(authorizationUrl), { ca, form: { username, ...(claims ? { claims: JSON.stringify(claims) } : {}) } });
    const location = answer.headers.location;
    if (answer.status !== 302 || typeof location !== 'string') {
      throw new MailServerError(`The OAuth2 server's login answered ${answer.status} without a redirect: ${answer.body.slice(0, 500)}`);
    }
    return new URL(location);
  };

  const accessToken = async (username: string, tokenOptions: { expired?: boolean } = {}): Promise<TokenResponse> => {
    const state = crypto.randomBytes(8).toString('hex');
    const authorize = new URL(endpoints.authorizationEndpoint);
    authorize.search = new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid offline_access', state }).toString();
    // The login form's claims may add to a token but not replace what the mapping sets; `exp` is not among those.
    const redirect = await approveAuthorization(authorize, username, tokenOptions.expired ? { exp: Math.floor(Date.now() / 1000) - 3600 } : undefined);
    const code = redirect.searchParams.get('code');
    if (!code || redirect.searchParams.get('state') !== state) throw new MailServerError(`The OAuth2 server redirected without the code or state: ${redirect}`);
    const answer = await httpsRequest(endpoints.tokenEndpoint, {
      ca,
      form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: clientId, client_secret: clientSecret },
    });
    if (answer.status !== 200) throw new MailServerError(`The OAuth2 server's token endpoint answered ${answer.status}: ${answer.body.slice(0, 500)}`);
    return JSON.parse(answer.body) as TokenResponse;
  };

  return { ...endpoints, clientId, clientSecret, ca, approveAuthorization, accessToken, process: server, stop: server.stop };
}
