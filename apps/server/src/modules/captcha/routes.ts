import type { FastifyPluginAsync } from 'fastify';
import type { CaptchaService } from './service';

/** GET /api/captcha/challenge: what the widget solves (never cached: each challenge passes once). */
export const captchaModule: FastifyPluginAsync<{ captcha: CaptchaService }> = async (app, options) => {
  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A proof-of-work challenge for the captcha widget (ALTCHA)',
        description:
          'Solve it and send the widget\'s payload in `X-Captcha` with sign-up, password reset, order creation and booking lookups. A solution passes once, within 30 minutes.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.captcha.challenge();
    },
  );
};
