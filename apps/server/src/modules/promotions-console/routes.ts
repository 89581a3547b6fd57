import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConsoleEventParamsSchema } from '@marquee/domain/console';
import { PromoParamsSchema } from '@marquee/domain/console-params';
import {
  PROMO_GENERATE_MAX,
  PromoCodeAnswerSchema,
  PromoCreateBodySchema,
  PromoGenerateAnswerSchema,
  PromoGenerateBodySchema,
  PromoListAnswerSchema,
  PromoUpdateBodySchema,
} from '@marquee/domain/promotions-console';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { PromotionsConsoleService } from './service';

export interface PromotionsConsoleModuleOptions {
  service: PromotionsConsoleService;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

const BASE = '/api/organiser/:org/events/:eventUid/promotions';
const AUTO_APPLY_NOTE =
  '`auto_apply`: the checkout applies the code without the buyer typing it; one active auto-apply code per event (another: 409 `conflict` naming it, under `errors.auto_apply`).';
const RULE_NOTE =
  'Percent: `value` 1-100; fixed: minor units off the order. `package_ids` must be packages of the event (422 otherwise); empty: all of them. `valid_to` after `valid_from`.';

/**
 * The console's promotions (issue 22): an event's promo codes. Event routes (`scope: 'event'`): the guard finds
 * the event inside the organisation and the member's events; a code is found inside that event (else 404).
 * Answers are never cached.
 */
export const promotionsConsoleModule: FastifyPluginAsync<PromotionsConsoleModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    BASE,
    {
      config: { permission: 'promo.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "An event's promo codes and their usage",
        description:
          'Needs `promo.read`. Each code with `used_count` (paid uses, counted at payment) and `usage`: the paid orders with the code, their tickets and the discount they were given.',
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: { 200: PromoListAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(organiserOf(request));
    },
  );

  app.post(
    BASE,
    {
      config: { permission: 'promo.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Make a promo code',
        description: `Needs \`promo.write\`. The code is stored upper-case. ${RULE_NOTE} ${AUTO_APPLY_NOTE} A code the event has already: 409 \`conflict\`. Recorded in the audit log.`,
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: PromoCreateBodySchema,
        response: { 201: PromoCodeAnswerSchema, ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await service.create(organiserOf(request), request.body));
    },
  );

  app.post(
    `${BASE}/generate`,
    {
      config: { permission: 'promo.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Generate promo codes',
        description: `Needs \`promo.write\`. \`count\` (at most ${PROMO_GENERATE_MAX}) codes, each the prefix and random unambiguous characters, unique within the event, made together in one statement with one rule. ${RULE_NOTE} Recorded in the audit log as one entry.`,
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: PromoGenerateBodySchema,
        response: { 201: PromoGenerateAnswerSchema, ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await service.generate(organiserOf(request), request.body));
    },
  );

  app.get(
    `${BASE}/export`,
    {
      config: { permission: 'promo.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "Download an event's promo codes as CSV",
        description: 'Needs `promo.read`. `text/csv`, one line per code with its rule and usage, a header first.',
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: {
          200: {
            description: "The event's promo codes, one line each",
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(...GUARD_CODES),
        },
      },
    },
    async (request, reply) => {
      const { filename, body } = await service.csv(organiserOf(request));
      return reply
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  app.patch(
    `${BASE}/:promoId`,
    {
      config: { permission: 'promo.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Change a promo code',
        description: `Needs \`promo.write\`. Only the fields sent change; the code's text never does. ${RULE_NOTE} Once the code has uses, its \`kind\` and \`value\` cannot change (409 \`conflict\`), and \`max_uses\` cannot go below them (422). ${AUTO_APPLY_NOTE} \`active: true\` reactivates a code. Decided under the code's row lock, the one a payment takes: a payment completing after a deactivation, a limit lowered or a window moved is judged by the new rule (refused and refunded when it no longer applies). Recorded in the audit log.`,
        security: securedBy('session'),
        params: PromoParamsSchema,
        body: PromoUpdateBodySchema,
        response: { 200: PromoCodeAnswerSchema, ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.update(organiserOf(request), request.params.promoId, request.body);
    },
  );

  app.post(
    `${BASE}/:promoId/deactivate`,
    {
      config: { permission: 'promo.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Deactivate a promo code',
        description:
          'Needs `promo.write`. Buyers can no longer apply it, and a payment completing after this (an order placed with it, not yet paid) is refused and refunded (decisions/045). Reactivate with PATCH `active: true`. Recorded in the audit log.',
        security: securedBy('session'),
        params: PromoParamsSchema,
        response: { 200: PromoCodeAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.deactivate(organiserOf(request), request.params.promoId);
    },
  );

  // Declared on the untyped instance: a 204 sends no body, which the type provider's reply cannot say.
  fastify.delete(
    `${BASE}/:promoId`,
    {
      config: { permission: 'promo.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Delete a promo code never used',
        description:
          'Needs `promo.write`. Only a code with no uses and no order naming it; otherwise 409 `conflict` (deactivate it). Recorded in the audit log.',
        security: securedBy('session'),
        params: PromoParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { promoId } = PromoParamsSchema.parse(request.params);
      await service.remove(organiserOf(request), promoId);
      return reply.code(204).send();
    },
  );
};
