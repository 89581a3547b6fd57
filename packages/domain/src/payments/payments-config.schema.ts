import { z } from 'zod';

/**
 * GET /api/payments/config: which card form to show, and whether payments are tests. In a module of its own
 * (re-exported by payment.schema.ts): every page's layout reads it for the test-mode notice, and the web app's
 * first bundle then takes this schema instead of the checkout's card rules and messages.
 */
export const PaymentsConfigSchema = z.object({
  card_provider: z.enum(['sandbox', 'stripe']),
  stripe_publishable_key: z.string().nullable(),
  /** No real money moves (the sandbox providers, or Stripe's test keys): every page shows the test-mode notice. */
  test_mode: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;
