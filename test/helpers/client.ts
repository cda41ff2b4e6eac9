// The HTTP client tests use: real requests over loopback, and every response checked
// against the OpenAPI document (a mismatch throws, failing the test).
import type { OpenApiResponseValidator } from './openapi.ts';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON unless `rawBody` is given. */
  json?: unknown;
  rawBody?: string | Buffer;
  /** Skip the OpenAPI check (for responses the document deliberately does not cover). */
  unchecked?: boolean;
}

export class ApiClient {
  readonly baseUrl: string;
  readonly validator: OpenApiResponseValidator | null;
  readonly defaultHeaders: Record<string, string>;

  constructor(baseUrl: string, validator: OpenApiResponseValidator | null, defaultHeaders: Record<string, string> = {}) {
    this.baseUrl = baseUrl;
    this.validator = validator;
    this.defaultHeaders = defaultHeaders;
  }

  /** A client that sends `headers` on every request (e.g. an API key). */
  with(headers: Record<string, string>): ApiClient {
    return new ApiClient(this.baseUrl, this.validator, { ...this.defaultHeaders, ...headers });
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    let body: string | Buffer | undefined = options.rawBody;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    if (/json/.test(contentType) && text !== '') parsed = JSON.parse(text);
    if (this.validator && !options.unchecked) {
      const pathOnly = path.split('?')[0]!;
      const problems = this.validator.check(method, pathOnly, response.status, contentType, parsed, text !== '');
      if (problems.length > 0) {
        throw new Error(`response does not match the OpenAPI document:\n  ${problems.join('\n  ')}\nbody: ${text.slice(0, 500)}`);
      }
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, json });
  }
}
