import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CaptchaService } from './service';

/** An ALTCHA v2 challenge (altcha-lib's `Challenge`), handed to the widget as it is. */
const ChallengeSchema = z
  .looseObject({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    }),
    signature: z.string().optional(),
  })
  .describe('The challenge, for the widget (ALTCHA v2).');

/** GET /api/captcha/challenge: what the widget solves (never cached: each challenge passes once). */
export const captchaModule: FastifyPluginAsync<{ captcha: CaptchaService }> = async (app, options) => {
  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A proof-of-work challenge for the captcha widget (ALTCHA)',
        description:
          "Solve it and send the widget's payload in `X-Captcha` with sign-up, password reset, order creation and booking lookups. A solution passes once, within 30 minutes.",
        response: { 200: ChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.captcha.challenge();
    },
  );
};
