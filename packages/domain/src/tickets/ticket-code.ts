import { z } from 'zod';
import { ORDER_ID_PATTERN } from '../checkout/order.schema';

/**
 * The text a ticket's QR code carries: `MQ1.{claims}.{signature}`, where `claims` is base64url of a
 * small JSON object naming the ticket, and `signature` is base64url of an Ed25519 signature over the
 * ASCII text `MQ1.{claims}` (the "signing input", as in a JWS compact token). A gate that holds only the
 * public key (GET /api/tickets/public-key) can tell a real ticket from a forged one without a network.
 *
 * This file is pure: it formats and parses. Signing and verifying live in the server (node:crypto).
 */

/** The format's version: a gate refuses any other prefix. */
export const TICKET_CODE_PREFIX = 'MQ1';

/** A ticket's own code: "T" and 15 Crockford base-32 characters (no I, L, O, U). */
export const TICKET_NUMBER_PATTERN = /^T[0-9A-HJKMNP-TV-Z]{15}$/;

/** An Ed25519 signature is 64 bytes: 86 base64url characters without padding. */
const SIGNATURE_LENGTH = 86;
/** Long enough for any real code (about 200 characters), short enough that junk is refused at once. */
export const MAX_TICKET_CODE_LENGTH = 600;

export const TicketClaimsSchema = z.object({
  /** The ticket's code (tickets.code). */
  c: z.string().regex(TICKET_NUMBER_PATTERN),
  /** The Booking ID (orders.order_id). */
  o: z.string().regex(ORDER_ID_PATTERN),
  /** The event's public uid. */
  e: z.string().min(1).max(40),
  /** The seat id for a seated ticket, null for general admission. */
  s: z.string().min(1).max(40).nullable(),
});
export type TicketClaims = z.infer<typeof TicketClaimsSchema>;

export interface ParsedTicketCode {
  claims: TicketClaims;
  /** The exact text the signature covers: `MQ1.{claims}`. */
  signingInput: string;
  /** base64url of the 64-byte signature. */
  signature: string;
}

export type TicketCodeParseResult = { ok: true; code: ParsedTicketCode } | { ok: false; reason: string };

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;

/** base64url without padding of an ASCII string (every char code below 128). */
function encodeAsciiBase64url(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) : 0;
    const triple = (a << 16) | (b << 8) | c;
    out += BASE64URL_ALPHABET[(triple >> 18) & 63];
    out += BASE64URL_ALPHABET[(triple >> 12) & 63];
    if (i + 1 < text.length) out += BASE64URL_ALPHABET[(triple >> 6) & 63];
    if (i + 2 < text.length) out += BASE64URL_ALPHABET[triple & 63];
  }
  return out;
}

/** The inverse of encodeAsciiBase64url; null when the text is not base64url of ASCII. */
function decodeAsciiBase64url(text: string): string | null {
  if (!BASE64URL_PATTERN.test(text) || text.length % 4 === 1) return null;
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | BASE64URL_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (buffer >> bits) & 0xff;
      if (byte > 0x7f) return null;
      out += String.fromCharCode(byte);
    }
  }
  return out;
}

/**
 * JSON with every non-ASCII character escaped (`\uXXXX`): a seat id may hold any letter, and the
 * claims must stay ASCII so that their bytes are the same in every language that reads them.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `MQ1.{base64url(claims)}`: the text to sign. Keys in a fixed order, so a ticket always signs the same. */
export function ticketSigningInput(claims: TicketClaims): string {
  const ordered: TicketClaims = { c: claims.c, o: claims.o, e: claims.e, s: claims.s };
  return `${TICKET_CODE_PREFIX}.${encodeAsciiBase64url(asciiJson(ordered))}`;
}

/** The QR text: the signing input and the base64url signature over it. */
export function formatTicketCode(signingInput: string, signature: string): string {
  return `${signingInput}.${signature}`;
}

/** Splits and checks a scanned code's shape and claims; the signature is for the caller to verify. */
export function parseTicketCode(text: string): TicketCodeParseResult {
  const trimmed = text.trim();
  if (trimmed.length > MAX_TICKET_CODE_LENGTH) return { ok: false, reason: 'The code is too long to be a Marquee ticket.' };
  const parts = trimmed.split('.');
  if (parts.length !== 3 || parts[0] !== TICKET_CODE_PREFIX) {
    return { ok: false, reason: 'This is not a Marquee ticket code.' };
  }
  const [, body = '', signature = ''] = parts;
  if (signature.length !== SIGNATURE_LENGTH || !BASE64URL_PATTERN.test(signature)) {
    return { ok: false, reason: 'The ticket code is damaged: its signature is not readable.' };
  }
  const json = decodeAsciiBase64url(body);
  if (json === null) return { ok: false, reason: 'The ticket code is damaged: its contents are not readable.' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'The ticket code is damaged: its contents are not readable.' };
  }
  const claims = TicketClaimsSchema.safeParse(value);
  if (!claims.success) return { ok: false, reason: 'The ticket code is damaged: it does not name a ticket.' };
  return { ok: true, code: { claims: claims.data, signingInput: `${TICKET_CODE_PREFIX}.${body}`, signature } };
}
