// The HTTP client @azure/msal-node talks to the identity provider with (its
// `system.networkClient`): node:https, HTTPS only, certificates verified against the
// system's CAs plus, when MAILBOX_TLS_CA_FILE is set, that file's (a test authority's CA).
// Trust is extended for these requests alone: nothing disables verification, and nothing
// touches the process-wide trust (NODE_EXTRA_CA_CERTS, NODE_TLS_REJECT_UNAUTHORIZED).
// Failures are msal AuthErrors whose messages name the host and the cause, never a body.
import https from 'node:https';
import tls from 'node:tls';
import { AuthError, ClientAuthErrorCodes, type INetworkModule, type NetworkRequestOptions, type NetworkResponse } from '@azure/msal-node';

const DEFAULT_TIMEOUT_MS = 15_000;
/** A token or discovery answer is a few kilobytes; anything this large is not one. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface MsalNetworkOptions {
  /** PEM of further CAs to trust beside the system's (config.mailboxes.tlsCa). */
  extraCa: string | null;
  timeoutMs?: number;
}

function failure(code: string, correlationId: string | undefined, message: string): AuthError {
  return new AuthError(code, correlationId ?? '', message);
}

export function msalNetworkClient(options: MsalNetworkOptions): INetworkModule {
  const ca = options.extraCa ? [...tls.rootCertificates, options.extraCa] : undefined;
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const send = <T>(method: 'GET' | 'POST', url: string, request: NetworkRequestOptions | undefined, timeoutMs = timeout): Promise<NetworkResponse<T>> => {
    const correlationId = request?.correlationId;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(failure(ClientAuthErrorCodes.networkError, correlationId, 'The identity provider gave an endpoint that is not a URL.'));
    }
    // Tokens and the client secret travel in these requests: never over plain HTTP.
    if (target.protocol !== 'https:') {
      return Promise.reject(failure(ClientAuthErrorCodes.networkError, correlationId, `Refused to send a sign-in request to ${target.host} over ${target.protocol.replace(':', '')}; HTTPS only.`));
    }
    const body = method === 'POST' ? (request?.body ?? '') : undefined;
    const headers: Record<string, string> = { ...request?.headers };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const call = https.request(target, { method, headers, ca, minVersion: 'TLSv1.2', timeout: timeoutMs }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            call.destroy(failure(ClientAuthErrorCodes.networkError, correlationId, `${target.host} answered with more than ${MAX_RESPONSE_BYTES} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => reject(failure(ClientAuthErrorCodes.networkError, correlationId, `${target.host}: the answer broke off (${error.message}).`)));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          let parsed: T;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
          } catch {
            reject(failure(ClientAuthErrorCodes.tokenParsingError, correlationId, `${target.host} answered ${status} with a body that is not JSON.`));
            return;
          }
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          // Error statuses are answers too: msal reads OAuth errors (invalid_grant, ...) from the body.
          resolve({ status, headers: flat, body: parsed });
        });
      });
      call.on('timeout', () => call.destroy(failure(ClientAuthErrorCodes.networkError, correlationId, `${target.host} did not answer within ${Math.round(timeoutMs / 1000)} s.`)));
      call.on('error', (error: Error & { code?: string }) => {
        if (error instanceof AuthError) reject(error);
        else if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME|ERR_TLS/.test(error.code ?? '')) {
          reject(failure(ClientAuthErrorCodes.networkError, correlationId, `The TLS certificate of ${target.host} is not trusted (${error.code}).`));
        } else reject(failure(ClientAuthErrorCodes.networkError, correlationId, `Could not reach ${target.host} (${error.code ?? error.message}).`));
      });
      call.end(body);
    });
  };

  return {
    sendGetRequestAsync: <T>(url: string, request?: NetworkRequestOptions, timeoutMs?: number) => send<T>('GET', url, request, timeoutMs),
    sendPostRequestAsync: <T>(url: string, request?: NetworkRequestOptions) => send<T>('POST', url, request),
  };
}
