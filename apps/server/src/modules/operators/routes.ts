import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OperatorEventParamsSchema,
  OperatorOrganisationListSchema,
  OperatorOrganisationParamsSchema,
  OperatorOrganisationStatusBodySchema,
  OperatorUnpublishBodySchema,
  OperatorWaitingRoomBodySchema,
} from '@marquee/domain/console';
import { errorResponses, noContent, securedBy, sendNoContent } from '../../plugins/openapi';
import { signedInOf } from '../../plugins/organiser-access';
import type { OperatorsService } from './service';

export interface OperatorsModuleOptions {
  service: OperatorsService;
}

const refusals = errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found');
const done = noContent('Done.');

/**
 * Marquee's own staff, on `/api/operator/*` (issue 21). To anyone who is not an operator these routes do not
 * exist (404); an operator needs a session made with a second factor.
 */
export const operatorsModule: FastifyPluginAsync<OperatorsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const facts = (request: { id: string; ip: string }) => ({ id: request.id, ip: request.ip });

  app.get(
    '/api/operator/organisations',
    {
      config: { permission: 'platform.read' },
      schema: {
        tags: ['operator'],
        summary: 'Every organisation, those waiting for approval first',
        security: securedBy('session'),
        response: { 200: OperatorOrganisationListSchema, ...refusals },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.organisations();
    },
  );

  app.post(
    '/api/operator/organisations/:org/status',
    {
      config: { permission: 'platform.organisation.review' },
      schema: {
        tags: ['operator'],
        summary: 'Approve or suspend an organisation',
        description:
          "Approving lets its events be published. Suspending (a `reason` is required) takes every one of its events off the site; approving again puts back those the suspension took off. Audited in the organisation's log.",
        security: securedBy('session'),
        params: OperatorOrganisationParamsSchema,
        body: OperatorOrganisationStatusBodySchema,
        response: { ...done, ...refusals, ...errorResponses('conflict', 'validation_failed') },
      },
    },
    async (request, reply) => {
      await service.setOrganisationStatus(signedInOf(request), facts(request), request.params.org, request.body);
      return sendNoContent(reply);
    },
  );

  app.post(
    '/api/operator/events/:eventUid/unpublish',
    {
      config: { permission: 'platform.event.unpublish' },
      schema: {
        tags: ['operator'],
        summary: 'Take an event off the site',
        description:
          'Buyers no longer find it, and it sells nothing; its organisation still sees it, marked unpublished. The reason goes in the audit log.',
        security: securedBy('session'),
        params: OperatorEventParamsSchema,
        body: OperatorUnpublishBodySchema,
        response: { ...done, ...refusals, ...errorResponses('conflict', 'validation_failed') },
      },
    },
    async (request, reply) => {
      await service.setEventUnpublished(
        signedInOf(request),
        facts(request),
        request.params.eventUid,
        request.body.reason,
      );
      return sendNoContent(reply);
    },
  );

  app.post(
    '/api/operator/events/:eventUid/waiting-room',
    {
      config: { permission: 'platform.event.waiting_room' },
      schema: {
        tags: ['operator'],
        summary: "Switch an event's waiting room on or off in a rush",
        description:
          'Whatever its organiser set: on, orders need an admission from the queue (decisions/048), at `admit_per_minute` when given (else the event\'s own rate). Buyers meet the change within a second. Written in the organisation\'s audit log.',
        security: securedBy('session'),
        params: OperatorEventParamsSchema,
        body: OperatorWaitingRoomBodySchema,
        response: { ...done, ...refusals, ...errorResponses('validation_failed') },
      },
    },
    async (request, reply) => {
      await service.setEventWaitingRoom(signedInOf(request), facts(request), request.params.eventUid, request.body);
      return sendNoContent(reply);
    },
  );

  app.post(
    '/api/operator/events/:eventUid/republish',
    {
      config: { permission: 'platform.event.unpublish' },
      schema: {
        tags: ['operator'],
        summary: 'Put an event taken off the site back',
        security: securedBy('session'),
        params: OperatorEventParamsSchema,
        response: { ...done, ...refusals, ...errorResponses('conflict') },
      },
    },
    async (request, reply) => {
      await service.setEventUnpublished(signedInOf(request), facts(request), request.params.eventUid, null);
      return sendNoContent(reply);
    },
  );
};
