import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrganisationCreateBodySchema } from '@marquee/domain/console';
import { OrganisationAnswerSchema, OrganisationParamsSchema, OrganiserMeAnswerSchema } from '@marquee/domain/organiser';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf, signedInOf, SIGNED_IN } from '../../plugins/organiser-access';
import type { OrganisationsService } from './service';

export interface OrganisationsModuleOptions {
  service: OrganisationsService;
}

/**
 * The console's organisation routes. Each declares its permission in `config`; the guard
 * (plugins/organiser-access.ts) checks it before anything else runs, and sets `request.organiser`.
 */
export const organisationsModule: FastifyPluginAsync<OrganisationsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    '/api/organiser/me',
    {
      // Anyone signed in: the console's start asks which organisations it may open.
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['organiser'],
        summary: "The signed-in user's organisations, and their second factor",
        description:
          'Every organisation the user is a member of, with their role and whether they are limited to chosen events; whether they are a platform operator; and whether the account has two factors on and this session was made with a code (owners, managers and operators need both to enter the console).',
        security: securedBy('session'),
        response: { 200: OrganiserMeAnswerSchema, ...errorResponses('sign_in_required') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.me(signedInOf(request));
    },
  );

  app.post(
    '/api/organiser/organisations',
    {
      // Anyone signed in may ask for an organisation; it stays pending until an operator approves it.
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['organiser'],
        summary: 'Start an organisation (pending until Marquee approves it)',
        description: `The signed-in user becomes its owner (owners need two factors to enter the console). Until a Marquee operator approves it, its events can be drafted but not published. One account may have at most 3 organisations waiting for approval (409 \`conflict\`). A taken or reserved address is a 422 on \`slug\`.`,
        security: securedBy('session'),
        body: OrganisationCreateBodySchema,
        response: {
          201: OrganisationAnswerSchema,
          ...errorResponses('sign_in_required', 'conflict', 'validation_failed'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const created = await service.create(signedInOf(request), request.body, { id: request.id, ip: request.ip });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/organiser/:org',
    {
      config: { permission: 'organisation.read' },
      schema: {
        tags: ['organiser'],
        summary: "An organisation's own fields",
        description:
          'Needs `organisation.read` (every role). Another organisation, or one that does not exist, is a 404 alike.',
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: {
          200: OrganisationAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.organisation(organiserOf(request));
    },
  );
};
