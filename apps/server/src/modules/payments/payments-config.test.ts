import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, parseEnv } from '../../config';
import { buildTestApp } from '../../test-support/build-test-app';

/** The sandbox providers run only when the configuration says so, and never beside Stripe (decisions/030). */
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_marquee',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_marquee',
  STRIPE_WEBHOOK_SECRET: 'whsec_marquee',
};

describe('PAYMENTS_SANDBOX', () => {
  it('is on by default without Stripe keys (the embedded demo), off by default with them', () => {
    expect(appConfigFromEnv(parseEnv({})).paymentsSandbox).toBe(true);
    expect(appConfigFromEnv(parseEnv({ NODE_ENV: 'production' })).paymentsSandbox).toBe(true);
    expect(appConfigFromEnv(parseEnv(STRIPE)).paymentsSandbox).toBe(false);
    expect(appConfigFromEnv(parseEnv({ ...STRIPE, PAYMENTS_SANDBOX: 'false' })).paymentsSandbox).toBe(false);
    expect(appConfigFromEnv(parseEnv({ PAYMENTS_SANDBOX: 'true' })).paymentsSandbox).toBe(true);
  });

  it('is refused at start together with Stripe keys, live or test', () => {
    for (const env of [
      { ...STRIPE, PAYMENTS_SANDBOX: 'true' },
      {
        ...STRIPE,
        STRIPE_SECRET_KEY: 'sk_test_marquee',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_marquee',
        PAYMENTS_SANDBOX: 'on',
      },
    ]) {
      expect(() => parseEnv(env)).toThrow(
        /PAYMENTS_SANDBOX: PAYMENTS_SANDBOX=true takes test payments, which must never run beside Stripe/,
      );
    }
  });

  it('is refused off without Stripe keys: nothing could take a payment', () => {
    expect(() => parseEnv({ PAYMENTS_SANDBOX: 'false' })).toThrow(
      /PAYMENTS_SANDBOX=false leaves nothing to take payments/,
    );
  });

  it('an app configured with both is refused when built, not run', async () => {
    const both = buildTestApp({
      stripe: { secretKey: 'sk_live_marquee', publishableKey: 'pk_live_marquee', webhookSecret: 'whsec_marquee' },
      paymentsSandbox: true,
    });
    await expect(both).rejects.toThrow(/cannot run beside Stripe/);
  });
});
