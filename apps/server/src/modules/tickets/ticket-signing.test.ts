import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTicketCode } from '@marquee/domain/tickets';
import { createTicketSigner, generateSigningKeyPem, parseSigningKey } from './ticket-signing';

const CLAIMS = { c: 'T0123456789ABCDE', o: 'MQ7K3F9X2QHD', e: 'abcd1234', s: 'A-1-5' };

function parsed(code: string) {
  const result = parseTicketCode(code);
  if (!result.ok) throw new Error(result.reason);
  return result.code;
}

describe('ticket signing', () => {
  it('signs codes that verify, and only with its own key', () => {
    const signer = createTicketSigner(parseSigningKey(generateSigningKeyPem()));
    const other = createTicketSigner(parseSigningKey(generateSigningKeyPem()));
    const code = signer.sign(CLAIMS);
    expect(code).toMatch(/^MQ1\.[\w-]+\.[\w-]{86}$/);
    expect(code.length).toBeLessThan(220);
    expect(signer.verify(parsed(code))).toBe(true);
    expect(other.verify(parsed(code))).toBe(false);
    expect(signer.publicKey.key_id).not.toBe(other.publicKey.key_id);
  });

  it('accepts only the canonical spelling of a signature', () => {
    const signer = createTicketSigner(parseSigningKey(generateSigningKeyPem()));
    const code = parsed(signer.sign(CLAIMS));
    const last = code.signature.at(-1) ?? 'A';
    // The last base64url character carries 2 data bits and 4 spare ones: a spare-bit change decodes alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] ?? last;
    expect(signer.verify({ ...code, signature: `${code.signature.slice(0, -1)}${twin}` })).toBe(false);
  });

  it('reads PKCS8 PEM and base64 DER, and refuses other keys with a clear message', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(parseSigningKey(der).export({ format: 'pem', type: 'pkcs8' }).toString()).toBe(pem);
    expect(() => parseSigningKey('not a key')).toThrow('TICKET_SIGNING_KEY is not a private key');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parseSigningKey(ec)).toThrow('TICKET_SIGNING_KEY must be an Ed25519 key (this one is ec).');
  });
});
