// A browser-less portal visitor for tests: keeps the cookies the portal sets (by name,
// the way a browser would for /portal) and reads the CSRF token out of each page it gets.
export interface PortalResponse {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
}

export class PortalVisitor {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that had a form. */
  csrf: string | null = null;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, form?: Record<string, string>): Promise<PortalResponse> {
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.remember(response.headers);
    const text = await response.text();
    const token = /name="csrf_token" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, location: response.headers.get('location'), text, headers: response.headers };
  }

  get(path: string): Promise<PortalResponse> {
    return this.request('GET', path);
  }

  /** Posts a form with the current CSRF token unless the form names its own. */
  post(path: string, form: Record<string, string> = {}): Promise<PortalResponse> {
    return this.request('POST', path, { csrf_token: this.csrf ?? '', ...form });
  }

  /** Signs in; on success follows the redirect, so the session's CSRF token is at hand. */
  async signIn(apiKey: string): Promise<PortalResponse> {
    await this.get('/portal/sign-in');
    const signed = await this.post('/portal/sign-in', { api_key: apiKey });
    if (signed.status === 303 && signed.location) await this.get(signed.location);
    return signed;
  }
}
