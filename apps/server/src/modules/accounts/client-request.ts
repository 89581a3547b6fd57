/**
 * What the accounts' use cases need of an HTTP request: its headers (the session cookie) and the client
 * address Fastify checked against the trusted proxies. A Fastify request is one.
 */
export interface ClientRequest {
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

/** The request's headers as better-auth takes them (Fetch Headers), with the proxy-checked client address. */
export function authHeadersOf(request: ClientRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'x-forwarded-for') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}
