import { describe, expect, it } from 'vitest';
import { TICKET_MESSAGES } from '@marquee/domain/tickets';
import { CODES, claimsOf, makeSigningKeys, signTicket } from '../test/gate-fixtures';
import { checkTicketCode, decodePublicKey } from './gate-signature';

describe('checkTicketCode: the QR verified on the phone, with the pack public key', () => {
  it('accepts a code signed with the matching private key and gives its claims', async () => {
    const keys = await makeSigningKeys();
    const qr = await signTicket(claimsOf(CODES[0], { s: 'A-12' }), keys.secretKey);
    const publicKey = decodePublicKey(keys.publicKey);
    expect(publicKey).not.toBeNull();
    expect(await checkTicketCode(qr, publicKey!)).toEqual({ ok: true, claims: claimsOf(CODES[0], { s: 'A-12' }) });
  });

  it('refuses a code signed by another key (a forger with their own key pair)', async () => {
    const ours = await makeSigningKeys();
    const theirs = await makeSigningKeys();
    const forged = await signTicket(claimsOf(CODES[0]), theirs.secretKey);
    expect(await checkTicketCode(forged, decodePublicKey(ours.publicKey)!)).toEqual({
      ok: false,
      message: TICKET_MESSAGES.forged,
    });
  });

  it('refuses claims changed after signing (another ticket code under a real signature)', async () => {
    const keys = await makeSigningKeys();
    const real = await signTicket(claimsOf(CODES[0]), keys.secretKey);
    const other = await signTicket(claimsOf(CODES[1]), keys.secretKey);
    const [prefix, , signature] = real.split('.');
    const [, otherClaims] = other.split('.');
    const swapped = `${prefix}.${otherClaims}.${signature}`;
    expect((await checkTicketCode(swapped, decodePublicKey(keys.publicKey)!)).ok).toBe(false);
  });

  it('refuses a signature spelt with other spare bits (only the canonical base64url)', async () => {
    const keys = await makeSigningKeys();
    const qr = await signTicket(claimsOf(CODES[0]), keys.secretKey);
    // The last of 86 characters carries 4 spare bits: flipping one keeps the bytes but not the spelling.
    const last = qr.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = qr.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
    expect((await checkTicketCode(respelt, decodePublicKey(keys.publicKey)!)).ok).toBe(false);
  });

  it('says what is wrong with text that is no Marquee code at all', async () => {
    const keys = await makeSigningKeys();
    const check = await checkTicketCode('https://example.com/not-a-ticket', decodePublicKey(keys.publicKey)!);
    expect(check).toEqual({ ok: false, message: 'This is not a Marquee ticket code.' });
  });

  it('reads only a 32-byte public key', () => {
    expect(decodePublicKey('AAAA')).toBeNull();
    expect(decodePublicKey('not base64url!')).toBeNull();
  });
});
