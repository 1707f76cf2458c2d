import { IDENTITY_COOKIE, identityCookieValue, type TestIdentity } from './oidc-issuer';

/** A tiny cookie jar for one origin: enough to follow the sign-in redirects like a browser. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

/**
 * Signs in through the real OpenID Connect flow: the server's /api/auth/google redirect, the issuer's
 * authorize endpoint (with the identity cookie), the callback with code and state. Returns the jar
 * holding the session cookie and where the callback sent the browser.
 */
export async function signIn(
  serverUrl: string,
  identity: TestIdentity,
  jar = new CookieJar(),
): Promise<{ jar: CookieJar; landedAt: string; sessionCookie: string | undefined }> {
  const start = await fetch(`${serverUrl}/api/auth/google`, { redirect: 'manual', headers: { cookie: jar.header() } });
  if (start.status !== 302) throw new Error(`sign-in start answered ${start.status}: ${await start.text()}`);
  jar.store(start);
  const authorize = await fetch(start.headers.get('location') as string, {
    redirect: 'manual',
    headers: { cookie: `${IDENTITY_COOKIE}=${identityCookieValue(identity)}` },
  });
  if (authorize.status !== 302) throw new Error(`issuer authorize answered ${authorize.status}`);
  const callback = await fetch(authorize.headers.get('location') as string, {
    redirect: 'manual',
    headers: { cookie: jar.header() },
  });
  jar.store(callback);
  const sessionCookie = callback.headers.getSetCookie().find((c) => c.startsWith('un_session='));
  return { jar, landedAt: callback.headers.get('location') ?? '', sessionCookie };
}

export async function getJson(url: string, jar?: CookieJar): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers: jar ? { cookie: jar.header() } : {} });
  return { status: res.status, body: await res.json().catch(() => null) };
}
