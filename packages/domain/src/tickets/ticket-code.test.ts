import { describe, expect, it } from 'vitest';
import { formatTicketCode, parseTicketCode, ticketSigningInput, type TicketClaims } from './ticket-code';

const CLAIMS: TicketClaims = { c: 'T0123456789ABCDE', o: 'MQ7K3F9X2QHD', e: 'abcd1234', s: 'A-1-5' };
const SIGNATURE = 'A'.repeat(86);

describe('ticket codes', () => {
  it('formats MQ1.{claims}.{signature} and parses it back to the same claims and signing input', () => {
    const input = ticketSigningInput(CLAIMS);
    expect(input).toMatch(/^MQ1\.[A-Za-z0-9_-]+$/);
    const parsed = parseTicketCode(formatTicketCode(input, SIGNATURE));
    expect(parsed).toEqual({ ok: true, code: { claims: CLAIMS, signingInput: input, signature: SIGNATURE } });
  });

  it('signs the same input whatever the key order, and keeps non-ASCII seat ids ASCII on the wire', () => {
    expect(ticketSigningInput({ s: null, e: 'abcd1234', o: 'MQ7K3F9X2QHD', c: 'T0123456789ABCDE' })).toBe(
      ticketSigningInput({ c: 'T0123456789ABCDE', o: 'MQ7K3F9X2QHD', e: 'abcd1234', s: null }),
    );
    const seat = { ...CLAIMS, s: 'බැල්කනිය-ක-12' };
    const input = ticketSigningInput(seat);
    expect(input).toMatch(/^[\x20-\x7e]+$/);
    const parsed = parseTicketCode(formatTicketCode(input, SIGNATURE));
    expect(parsed.ok && parsed.code.claims.s).toBe('බැල්කනිය-ක-12');
  });

  it('round-trips every padding length of base64url', () => {
    for (const e of ['a', 'ab', 'abc', 'abcd', 'abcde']) {
      const input = ticketSigningInput({ ...CLAIMS, e });
      const parsed = parseTicketCode(formatTicketCode(input, SIGNATURE));
      expect(parsed.ok && parsed.code.claims.e).toBe(e);
    }
  });

  it.each([
    ['', 'This is not a Marquee ticket code.'],
    ['hello world', 'This is not a Marquee ticket code.'],
    [`MQ2.${ticketSigningInput(CLAIMS).slice(4)}.${SIGNATURE}`, 'This is not a Marquee ticket code.'],
    [`${ticketSigningInput(CLAIMS)}.${SIGNATURE.slice(1)}`, 'The ticket code is damaged: its signature is not readable.'],
    [`MQ1.%%%%.${SIGNATURE}`, 'The ticket code is damaged: its contents are not readable.'],
    [`MQ1.bm90IGpzb24.${SIGNATURE}`, 'The ticket code is damaged: its contents are not readable.'],
    [`MQ1.eyJjIjoxfQ.${SIGNATURE}`, 'The ticket code is damaged: it does not name a ticket.'],
    [`MQ1.${'A'.repeat(700)}.${SIGNATURE}`, 'The code is too long to be a Marquee ticket.'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parseTicketCode(text)).toEqual({ ok: false, reason });
  });
});
