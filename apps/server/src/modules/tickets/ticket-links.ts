import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed link to a booking's tickets PDF: `/api/tickets/{order_id}.pdf?expires={unix}&signature={hmac}`,
 * where the signature is base64url HMAC-SHA256 over `tickets:{order_id}:{expires}`. Whoever has the
 * link has the tickets until it expires (like a bearer token); the booking lookup and the e-mail hand
 * out fresh ones.
 */

const EXPIRES_PATTERN = /^\d{1,12}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type TicketLinkCheck = 'valid' | 'expired' | 'invalid';

function mac(key: Buffer, bookingId: string, expires: string): Buffer {
  return createHmac('sha256', key).update(`tickets:${bookingId}:${expires}`).digest();
}

export function ticketLinkPath(key: Buffer, bookingId: string, expiresAt: number): string {
  const expires = String(expiresAt);
  const signature = mac(key, bookingId, expires).toString('base64url');
  return `/api/tickets/${encodeURIComponent(bookingId)}.pdf?expires=${expires}&signature=${signature}`;
}

/**
 * The signature is checked first (in constant time), then the expiry: a link whose expiry was changed
 * is invalid, not expired, and nothing about a booking is read for a link we did not sign.
 */
export function checkTicketLink(
  key: Buffer,
  bookingId: string,
  expires: string | undefined,
  signature: string | undefined,
  nowSeconds: number,
): TicketLinkCheck {
  if (!expires || !signature || !EXPIRES_PATTERN.test(expires) || !SIGNATURE_PATTERN.test(signature)) return 'invalid';
  // Compared as text: base64url has spare bits, so two spellings could decode to the same bytes.
  const expected = Buffer.from(mac(key, bookingId, expires).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) <= nowSeconds ? 'expired' : 'valid';
}
