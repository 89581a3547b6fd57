import { describe, expect, it } from 'vitest';
import { checkTicketLink, ticketLinkPath } from './ticket-links';

const KEY = Buffer.from('a-test-key-of-at-least-thirty-two-bytes');
const NOW = 1_900_000_000;

function parts(path: string) {
  const url = new URL(path, 'http://x');
  return { expires: url.searchParams.get('expires') ?? undefined, signature: url.searchParams.get('signature') ?? undefined };
}

describe('ticket links', () => {
  const path = ticketLinkPath(KEY, 'MQ7K3F9X2QHD', NOW + 60);
  const { expires, signature } = parts(path);

  it('are valid until they expire, then expired', () => {
    expect(path).toMatch(/^\/api\/tickets\/MQ7K3F9X2QHD\.pdf\?expires=1900000060&signature=[\w-]{43}$/);
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHD', expires, signature, NOW)).toBe('valid');
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHD', expires, signature, NOW + 60)).toBe('expired');
  });

  it('are invalid for another booking, expiry or key, or a changed or missing signature', () => {
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHE', expires, signature, NOW)).toBe('invalid');
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHD', String(NOW + 61), signature, NOW)).toBe('invalid');
    expect(checkTicketLink(Buffer.from('another-key'), 'MQ7K3F9X2QHD', expires, signature, NOW)).toBe('invalid');
    const last = signature?.at(-1) === 'A' ? 'B' : 'A';
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHD', expires, `${signature?.slice(0, -1)}${last}`, NOW)).toBe('invalid');
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHD', expires, undefined, NOW)).toBe('invalid');
    expect(checkTicketLink(KEY, 'MQ7K3F9X2QHD', '1e12', signature, NOW)).toBe('invalid');
  });
});
