import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect provider (node-oidc-provider) standing in for Google or Apple, which cannot be
 * reached from here: better-auth's real OpenID client code runs against it (discovery, PKCE, the code
 * exchange, ID-token signature checks). Its development login pages take any login name; the account's
 * e-mail is `{login}@example.com` and its name is the login name capitalised.
 */
export interface OidcIssuer {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcIssuer(options: {
  redirectUris: string[];
  port?: number;
  providerId?: string;
}): Promise<OidcIssuer> {
  const clientId = `marquee-${options.providerId ?? 'google'}`;
  const clientSecret = 'local-oidc-client-secret-0123456789';
  // The port is needed in the issuer URL before listening: listen first on a plain server, then mount.
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Apple's scopes are openid, email and name; Google's openid, email and profile.
    scopes: ['openid', 'email', 'profile', 'name', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'], name: ['name'] },
    // ID tokens carry the claims too (Apple sends them only there).
    conformIdTokenClaims: false,
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub.toLowerCase()}@example.com`,
        email_verified: true,
        name: sub.charAt(0).toUpperCase() + sub.slice(1),
      }),
    }),
    cookies: { keys: ['local-oidc-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider: follows its redirects with its cookies and submits its login and consent
 * forms as `login`, until it is sent to an address outside the provider; answers that address, and the
 * form it posts there when the provider answers by form_post (Apple).
 */
export async function signInAtIssuer(
  issuer: string,
  startUrl: string,
  login: string,
): Promise<{ url: URL; form: URLSearchParams | null }> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(startUrl);
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    if (url.origin !== issuer)
      return { url, form: init.method === 'POST' ? new URLSearchParams(String(init.body)) : null };
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*method="post"[^>]*action="([^"]+)"|<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(
      html,
    );
    const action = form?.[1] ?? form?.[2];
    if (!action) throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of html.match(/<input[^>]*>/gi) ?? []) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      const value = /value="([^"]*)"/.exec(input)?.[1];
      if (name && value !== undefined && /type="hidden"/.test(input)) fields.set(name, value.replace(/&amp;/g, '&'));
    }
    if (/name="login"/.test(html)) {
      fields.set('login', login);
      fields.set('password', 'any password');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('The provider did not send the browser back.');
}
