import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChecklistItemSchema,
  EventFieldsPatchSchema,
  EventFieldsSchema,
  TicketPackageFieldsPatchSchema,
  TicketPackageFieldsSchema,
} from '@marquee/domain/authoring';
import {
  ConsoleEventAnswerSchema,
  ConsoleEventListAnswerSchema,
  ConsoleEventParamsSchema,
  ConsolePackageSchema,
  EventStatusBodySchema,
  PackageSeatsBodySchema,
  PackageSeatsConflictBodySchema,
} from '@marquee/domain/console';
import { ConsolePackageParamsSchema } from '@marquee/domain/console-params';
import { EventDetailSchema, type EventDetail } from '@marquee/domain/catalog';
import { ErrorBodySchema } from '@marquee/domain/errors';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { AuthoringService } from './service';

export interface AuthoringModuleOptions {
  service: AuthoringService;
  /** The buyer's event page answer for any event, draft or not (the catalog's `previewEvent`). */
  previewEvent: (eventId: number) => Promise<EventDetail>;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

/** 60,000 seat ids of up to 40 characters, quoted and separated. */
const SEATS_BODY_LIMIT = 60_000 * 43 + 1_024;

/** 409 of the status route: a transition the lifecycle refuses, or the checklist's problems (`problems`). */
const StatusConflictBodySchema = ErrorBodySchema.extend({
  code: z.enum(['conflict', 'not_publishable', 'event_change_required']),
  problems: z.array(ChecklistItemSchema).optional(),
}).describe(
  '`conflict`: the lifecycle does not go from the current status to this one (the message names both); `event_change_required`: cancelling or postponing, which POST …/cancellation and …/postponement do (they tell buyers and refund orders); `not_publishable`: what stands between the event and its buyers, in `problems` (the publishing checklist).',
);

/**
 * The console's events, ticket packages, seat assignment and publishing (issue 21). Every route declares its
 * permission; the event's routes have scope 'event', so the guard has found `:eventUid` inside the organisation
 * and the member's events before anything here runs. Answers are the console's (@marquee/domain/console), never
 * cached.
 */
export const authoringModule: FastifyPluginAsync<AuthoringModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service, previewEvent } = options;

  app.get(
    '/api/organiser/:org/events',
    {
      config: { permission: 'event.read' },
      schema: {
        tags: ['organiser'],
        summary: "The organisation's events",
        description:
          'Needs `event.read`. Every event of the organisation (a member limited to chosen events: only theirs), newest start first, with tickets sold and capacity summed over its packages and whether every active package is taken (`sold_out`).',
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: { 200: ConsoleEventListAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listEvents(organiserOf(request));
    },
  );

  app.post(
    '/api/organiser/:org/events',
    {
      config: { permission: 'event.create' },
      schema: {
        tags: ['organiser'],
        summary: 'Create an event (a draft)',
        description:
          "Needs `event.create` (and all events). The event starts as a `draft` only the team sees; its currency is its venue's country's, its start and end are the venue's clocks (a time they skip is refused on its field). `venue_id` must be a venue of the organisation and `payment_gateway_ids` must exist (422 otherwise). Images are uploaded apart.",
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        body: EventFieldsSchema,
        response: { 201: ConsoleEventAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await service.createEvent(organiserOf(request), request.body);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/organiser/:org/events/:eventUid',
    {
      config: { permission: 'event.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'An event, its packages and its publishing checklist',
        description:
          "Needs `event.read`. The event's fields (times as the venue's clocks read them), its ticket packages in their order, and `checklist`: what stands between it and publishing it on sale now ([] when nothing).",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: { 200: ConsoleEventAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getEvent(organiserOf(request));
    },
  );

  app.get(
    '/api/organiser/:org/events/:eventUid/preview',
    {
      config: { permission: 'event.read', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "The buyer's page of an event, draft or not, for the team only",
        description:
          'Needs `event.read`. The answer of `GET /api/events/{uid}` as buyers will see it once the event is on sale, for a draft too (buyers get 404 for a draft). Never cached.',
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: { 200: EventDetailSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { event } = organiserOf(request);
      if (!event) throw new Error('the guard sets the event of an event route');
      return previewEvent(event.id);
    },
  );

  app.patch(
    '/api/organiser/:org/events/:eventUid',
    {
      config: { permission: 'event.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "Change an event's fields",
        description:
          'Needs `event.write`. Any of the fields; the event with the change is checked whole again. Moving to another venue releases the seats packages own on the old map, and is refused (409 `conflict`) once tickets are sold or held, and once published when the new venue is in another country (another currency). A cancelled event cannot be changed (409 `conflict`).',
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: EventFieldsPatchSchema,
        response: { 200: ConsoleEventAnswerSchema, ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.updateEvent(organiserOf(request), request.body);
    },
  );

  app.post(
    '/api/organiser/:org/events/:eventUid/status',
    {
      config: { permission: 'event.publish', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Publish, close or reopen an event',
        description:
          "Needs `event.publish`. Moves the event along its lifecycle (draft → ongoing, presale or pending → closed, and back). Cancelling and postponing are refused with 409 `event_change_required`: POST …/cancellation and POST …/postponement do them, telling buyers and refunding orders. Opening sales runs the publishing checklist for the target status and refuses with 409 `not_publishable` and its `problems`; presale and pending take `sale_start_local`, when sales open in the venue's clocks.",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: EventStatusBodySchema,
        response: {
          200: ConsoleEventAnswerSchema,
          ...errorResponses(...GUARD_CODES),
          409: StatusConflictBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.changeStatus(organiserOf(request), request.body);
    },
  );

  app.post(
    '/api/organiser/:org/events/:eventUid/packages',
    {
      config: { permission: 'event.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Add a ticket package',
        description:
          "Needs `event.write`. Without a seat map, or for free seating, `capacity` is required; a seated package's capacity is its seat count (0 until seats are assigned), so none may be sent. A free event's packages cost 0. The sale window is the venue's clocks.",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: TicketPackageFieldsSchema,
        response: { 201: ConsolePackageSchema, ...errorResponses(...GUARD_CODES, 'conflict') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await service.createPackage(organiserOf(request), request.body);
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/api/organiser/:org/events/:eventUid/packages/:packageId',
    {
      config: { permission: 'event.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Change a ticket package',
        description:
          'Needs `event.write`. Any of the fields; the package with the change is checked whole again. A capacity below the tickets sold and held is refused (409 `capacity_below_taken`, `errors.capacity`); a seated package whose seats are sold or held cannot become free seating (409 `seats_locked`).',
        security: securedBy('session'),
        params: ConsolePackageParamsSchema,
        body: TicketPackageFieldsPatchSchema,
        response: {
          200: ConsolePackageSchema,
          ...errorResponses(...GUARD_CODES, 'conflict', 'capacity_below_taken', 'seats_locked'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.updatePackage(organiserOf(request), request.params.packageId, request.body);
    },
  );

  // Declared on the untyped instance: a 204 sends no body, which the type provider's reply cannot say.
  fastify.delete(
    '/api/organiser/:org/events/:eventUid/packages/:packageId',
    {
      config: { permission: 'event.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Delete a ticket package',
        description:
          'Needs `event.write`. Only while nothing was ever sold or held on it; otherwise 409 `conflict` (make it inactive instead).',
        security: securedBy('session'),
        params: ConsolePackageParamsSchema,
        response: {
          204: z.null().describe('Deleted.'),
          ...errorResponses(...GUARD_CODES, 'conflict'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { packageId } = ConsolePackageParamsSchema.parse(request.params);
      await service.deletePackage(organiserOf(request), packageId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/organiser/:org/events/:eventUid/packages/:packageId/seats',
    {
      // A stadium package lists tens of thousands of seat ids (PackageSeatsBodySchema allows 60,000 of up to 40
      // characters): far past the app's 64 KB, which stays the limit everywhere else.
      bodyLimit: SEATS_BODY_LIMIT,
      config: { permission: 'event.write', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "Assign a seated package's seats",
        description:
          "Needs `event.write`. The package's seats on the venue's map, all of them: what is not listed is released, and its capacity becomes the seat count. Seats not on the map are refused (422, `errors.seat_ids`); a seat of another package is 409 `seats_taken` with `taken_seats`; releasing a sold or held seat is 409 `seats_locked`; a free seating package owns no seats (409 `conflict`).",
        security: securedBy('session'),
        params: ConsolePackageParamsSchema,
        body: PackageSeatsBodySchema,
        response: {
          200: ConsolePackageSchema,
          ...errorResponses(...GUARD_CODES),
          409: PackageSeatsConflictBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.assignSeats(organiserOf(request), request.params.packageId, request.body.seat_ids);
    },
  );
};
