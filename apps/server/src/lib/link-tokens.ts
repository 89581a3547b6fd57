import { createHash, randomBytes } from 'node:crypto';

/*
 * The random tokens of links e-mailed to people without an account (Notify Me's confirmation, the waitlist's
 * confirmation and offer): 256 bits, of which only the sha256 is stored, so a copy of the database opens nothing.
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function makeLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 (hex) of a link's token, as stored. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored hash a given token would have; null for a string that cannot be one of ours. */
export function linkTokenHash(token: string): string | null {
  return TOKEN_PATTERN.test(token) ? hashLinkToken(token) : null;
}
