import { describe, expect, it } from 'vitest';
import { decodeResetStatus, encodeResetStatus } from './reset-status';

describe('reset status parameter', () => {
  it('round-trips any message, in characters safe in an address', () => {
    const status = { status: 'success' as const, message: 'Your password has been changed. Log in — “now” ✓ ?&=+/' };
    const encoded = encodeResetStatus(status);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeResetStatus(encoded)).toEqual(status);
  });

  it('reads garbage as null', () => {
    expect(decodeResetStatus(null)).toBeNull();
    expect(decodeResetStatus('')).toBeNull();
    expect(decodeResetStatus('%%%')).toBeNull();
    expect(decodeResetStatus(btoa('not json'))).toBeNull();
    expect(decodeResetStatus(btoa(JSON.stringify({ status: 'maybe', message: 'x' })))).toBeNull();
    expect(decodeResetStatus(btoa('\xff\xfe'))).toBeNull();
  });
});
