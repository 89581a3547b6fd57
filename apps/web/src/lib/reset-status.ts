import { ResetStatusSchema, type ResetStatus } from '@marquee/domain/accounts-session';

/** base64url of UTF-8 bytes: no padding, no + or /, so it survives the address bar unescaped. */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The `reset` query parameter (spec 2 Modals): base64url of the JSON of a ResetStatus. */
export function encodeResetStatus(status: ResetStatus): string {
  return toBase64Url(JSON.stringify(ResetStatusSchema.parse(status)));
}

/** The status a `reset` parameter carries; null for anything that is not one (a hand-edited address). */
export function decodeResetStatus(encoded: string | null | undefined): ResetStatus | null {
  if (!encoded) return null;
  try {
    const parsed = ResetStatusSchema.safeParse(JSON.parse(fromBase64Url(encoded)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
