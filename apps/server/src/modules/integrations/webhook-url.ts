import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { INTEGRATION_MESSAGES } from '@marquee/domain/integrations';
import { AppError } from '../../plugins/app-error';

/**
 * Where a webhook may go (decisions/044): a public address only, never into the network Marquee runs in
 * (SSRF). The address is checked when an endpoint is made and again before every delivery, on every address
 * its name resolves to, and the delivery connects to the address that was checked (deliver-webhooks.ts pins
 * it), so a name that resolves elsewhere between the check and the connection (DNS rebinding) gains nothing.
 */

/** How a host name is resolved (node:dns/promises `lookup` with `all: true`; tests hand in their own). */
export type ResolveHost = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface WebhookUrlPolicy {
  /**
   * Tests only (config `webhooksAllowLoopbackHttp`, never read from the environment): http:// and loopback
   * addresses (127.0.0.0/8, ::1) are allowed, so that a receiver on 127.0.0.1 can be reached. Every other
   * internal range stays refused.
   */
  allowLoopbackHttp: boolean;
  resolve: ResolveHost;
}

/** A checked destination: the URL, and the address the delivery must connect to. */
export interface CheckedWebhookUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Whether an address is a public unicast one. ipaddr.js's `process` turns an IPv4-mapped IPv6 address
 * (::ffff:10.0.0.1) into its IPv4; then only the `unicast` range passes: loopback, private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16, the cloud metadata address among them; fe80::/10), carrier-grade NAT
 * (100.64/10), unique local (fc00::/7), unspecified (0.0.0.0, ::), multicast, broadcast, reserved and
 * documentation ranges, and IPv6 forms that carry an IPv4 address (NAT64 64:ff9b::/96, 6to4, Teredo) do not.
 */
export function isPublicAddress(address: string, policy: Pick<WebhookUrlPolicy, 'allowLoopbackHttp'>): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy.allowLoopbackHttp && range === 'loopback');
}

function refused(message: string = INTEGRATION_MESSAGES.urlRefused): AppError {
  return new AppError('webhook_url_refused', message, { url: [message] });
}

/** The address part of a URL's host: `[::1]` → `::1`. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks a webhook address and answers where to connect; throws 422 `webhook_url_refused` (on `url`) when it
 * is not https (http only with the test flag), carries credentials, or any address its name resolves to is
 * not public, or it does not resolve at all.
 */
export async function checkWebhookUrl(text: string, policy: WebhookUrlPolicy): Promise<CheckedWebhookUrl> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused(INTEGRATION_MESSAGES.urlInvalid);
  }
  const isHttps = url.protocol === 'https:';
  if (!isHttps && !(policy.allowLoopbackHttp && url.protocol === 'http:')) {
    throw refused(INTEGRATION_MESSAGES.httpsOnly);
  }
  if (url.username || url.password || url.hostname === '') throw refused(INTEGRATION_MESSAGES.urlInvalid);

  const host = hostOf(url);
  let addresses: readonly { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw refused();
    }
  }
  // Every address must be public: a name with one public and one private address could be made to connect to either.
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address, policy))) throw refused();
  // Plain http only to loopback, and only with the test flag.
  if (!isHttps && addresses.some((entry) => ipaddr.process(entry.address).range() !== 'loopback')) {
    throw refused(INTEGRATION_MESSAGES.httpsOnly);
  }
  const first = addresses[0];
  if (!first) throw refused();
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
