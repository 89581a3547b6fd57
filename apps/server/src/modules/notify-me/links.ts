import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Notify Me's links (decisions/047). The confirmation link carries a random token of which only the sha256 is
 * stored (lib/link-tokens.ts); the unsubscribe link carries `{subscription id}.{HMAC-SHA256 over "notify-me-unsubscribe:{id}"}`, so
 * it works for ever without a session and nothing about it is stored. Both are unguessable (256 bits).
 */

const UNSUBSCRIBE_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

function mac(key: Buffer, subscriptionId: number): string {
  return createHmac('sha256', key).update(`notify-me-unsubscribe:${subscriptionId}`).digest('base64url');
}

export function unsubscribeToken(key: Buffer, subscriptionId: number): string {
  return `${subscriptionId}.${mac(key, subscriptionId)}`;
}

/** The subscription an unsubscribe token names, when we signed it (compared in constant time); else null. */
export function checkUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = UNSUBSCRIBE_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  // Compared as text: base64url has spare bits, so two spellings could decode to the same bytes.
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
