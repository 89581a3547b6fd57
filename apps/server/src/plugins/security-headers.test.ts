import { describe, expect, it } from 'vitest';
import { fixedSecurityHeaders, helmetOptions } from './security-headers';

describe('page security headers', () => {
  it('upgrade insecure requests only when Marquee is served over https', () => {
    const https = fixedSecurityHeaders(helmetOptions({ isHttps: true }));
    const http = fixedSecurityHeaders(helmetOptions({ isHttps: false }));
    expect(https['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(http['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it("are helmet's: CSP with workers for blob:, no framing, no sniffing, HSTS", () => {
    const headers = fixedSecurityHeaders(helmetOptions({ isHttps: true }));
    expect(headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("let WebAssembly compile on the console's document only (the gate scanner's QR decoder), never eval JavaScript", () => {
    const scriptSrcOf = (headers: Record<string, string>) =>
      (/script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '').split(' ');
    for (const allowStripe of [false, true]) {
      const site = scriptSrcOf(fixedSecurityHeaders(helmetOptions({ isHttps: true, allowStripe })));
      const console = scriptSrcOf(fixedSecurityHeaders(helmetOptions({ isHttps: true, allowStripe }, 'console')));
      expect(site).not.toContain("'wasm-unsafe-eval'");
      expect(console).toContain("'wasm-unsafe-eval'");
      // The rest of the policy is the site's.
      expect(console.filter((source) => source !== "'wasm-unsafe-eval'")).toEqual(site);
      expect([...site, ...console]).not.toContain("'unsafe-eval'");
    }
  });

  it("let Stripe's script and card frames in only when Stripe takes card payments", () => {
    const sandbox = fixedSecurityHeaders(helmetOptions({ isHttps: true }))['content-security-policy'];
    const stripe = fixedSecurityHeaders(helmetOptions({ isHttps: true, allowStripe: true }))['content-security-policy'];
    expect(sandbox).not.toContain('stripe.com');
    expect(stripe).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/js\.stripe\.com/);
    expect(stripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com");
  });
});
