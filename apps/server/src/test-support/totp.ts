import { createHmac } from 'node:crypto';

/**
 * An authenticator app, for tests: RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s) from the secret of an
 * `otpauth://` address. Written from the RFC, not taken from better-auth, so that the tests check its
 * codes against an independent implementation.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The base32 secret of an `otpauth://totp/...?secret=...` address. */
export function secretOf(totpUri: string): string {
  const url = new URL(totpUri);
  if (url.protocol !== 'otpauth:') throw new Error(`not an otpauth address: ${totpUri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return secret;
}

/** The code for `secret` (base32) at `at` (default now), `steps` periods of 30 s later (negative: earlier). */
export function totpCode(secret: string, options: { at?: number; steps?: number } = {}): string {
  const counter = Math.floor((options.at ?? Date.now()) / 30_000) + (options.steps ?? 0);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A code better-auth refuses now: none of the codes of the window it accepts (one period either side). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => totpCode(secret, { steps })));
  const code = ['000000', '111111', '222222', '333333'].find((each) => !valid.has(each));
  if (code === undefined) throw new Error('no wrong code found');
  return code;
}
