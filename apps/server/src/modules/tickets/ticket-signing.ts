import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  formatTicketCode,
  ticketSigningInput,
  type ParsedTicketCode,
  type TicketClaims,
  type TicketsPublicKey,
} from '@marquee/domain/tickets';

/**
 * Ed25519 signatures over ticket codes (decisions/014). Ed25519 rather than an HMAC: a gate app verifies
 * with the public key alone, offline, and cannot make tickets with it.
 */

/** Reads TICKET_SIGNING_KEY (PKCS8 PEM, or base64 of the DER) or the stored key; throws a clear error otherwise. */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey({ key: trimmed, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('TICKET_SIGNING_KEY is not a private key: give an Ed25519 key as PKCS8 PEM or base64 DER.');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`TICKET_SIGNING_KEY must be an Ed25519 key (this one is ${key.asymmetricKeyType ?? 'unknown'}).`);
  }
  return key;
}

/** A new Ed25519 private key as PKCS8 PEM, for the app_secrets row. */
export function generateSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

const JwkSchema = z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() });

export interface TicketSigner {
  /** The QR text for a ticket: `MQ1.{claims}.{signature}`. */
  sign(claims: TicketClaims): string;
  /** Whether the code's signature is ours (constant time: it is Ed25519's own verification). */
  verify(code: ParsedTicketCode): boolean;
  publicKey: TicketsPublicKey;
}

export function createTicketSigner(privateKey: KeyObject): TicketSigner {
  const publicKey = createPublicKey(privateKey);
  const jwk = JwkSchema.parse(publicKey.export({ format: 'jwk' }));
  const raw = Buffer.from(jwk.x, 'base64url');
  return {
    sign(claims) {
      const input = ticketSigningInput(claims);
      return formatTicketCode(input, sign(null, Buffer.from(input, 'ascii'), privateKey).toString('base64url'));
    },
    verify(code) {
      const signature = Buffer.from(code.signature, 'base64url');
      // base64url has spare bits: only the one canonical spelling of a signature is accepted.
      if (signature.length !== 64 || signature.toString('base64url') !== code.signature) return false;
      return verify(null, Buffer.from(code.signingInput, 'ascii'), publicKey, signature);
    },
    publicKey: {
      algorithm: 'Ed25519',
      code_format: 'MQ1',
      key_id: createHash('sha256').update(raw).digest('base64url').slice(0, 16),
      public_key_pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      jwk,
    },
  };
}
