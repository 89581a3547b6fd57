import { verifyAsync } from '@noble/ed25519';
import { parseTicketCode, TICKET_MESSAGES, type TicketClaims } from '@marquee/domain/tickets';

/**
 * The scanner's own check of a QR code, before (or without) the server: the text must be a Marquee code
 * (`MQ1.{claims}.{signature}`, parsed by the domain as the server parses it) and its Ed25519 signature must
 * verify with the public key of the pack the scanner downloaded. A forged or damaged code is refused at the door
 * at once, online or not.
 */
export type CodeCheck = { ok: true; claims: TicketClaims } | { ok: false; message: string };

function base64urlToBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function bytesToBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The pack's public key (base64url of the raw 32 bytes); null when it is not one. */
export function decodePublicKey(base64url: string): Uint8Array | null {
  const bytes = base64urlToBytes(base64url);
  return bytes && bytes.length === 32 ? bytes : null;
}

export async function checkTicketCode(text: string, publicKey: Uint8Array): Promise<CodeCheck> {
  const parsed = parseTicketCode(text);
  if (!parsed.ok) return { ok: false, message: parsed.reason };
  const signature = base64urlToBytes(parsed.code.signature);
  // base64url has spare bits: only the one canonical spelling of a signature is accepted (as the server does).
  if (!signature || signature.length !== 64 || bytesToBase64url(signature) !== parsed.code.signature) {
    return { ok: false, message: TICKET_MESSAGES.forged };
  }
  const message = new TextEncoder().encode(parsed.code.signingInput);
  const valid = await verifyAsync(signature, message, publicKey).catch(() => false);
  return valid ? { ok: true, claims: parsed.code.claims } : { ok: false, message: TICKET_MESSAGES.forged };
}
