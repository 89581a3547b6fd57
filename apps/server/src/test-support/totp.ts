import { totpCode } from '../lib/totp';

/** An authenticator app, for tests: the secret of an `otpauth://` address, and its codes (lib/totp.ts). */
export { totpCode };

/** The base32 secret of an `otpauth://totp/...?secret=...` address. */
export function secretOf(totpUri: string): string {
  const url = new URL(totpUri);
  if (url.protocol !== 'otpauth:') throw new Error(`not an otpauth address: ${totpUri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return secret;
}

/** A code better-auth refuses now: none of the codes of the window it accepts (one period either side). */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => totpCode(secret, { steps })));
  const code = ['000000', '111111', '222222', '333333'].find((each) => !valid.has(each));
  if (code === undefined) throw new Error('no wrong code found');
  return code;
}
