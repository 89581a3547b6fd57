import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConsoleEventParamsSchema } from '@marquee/domain/console';
import { CheckInListParamsSchema } from '@marquee/domain/console-params';
import {
  CHECK_IN_LIST_NAME_MAX,
  CheckInListCreateBodySchema,
  CheckInListSchema,
  CheckInListsAnswerSchema,
  CheckInListUpdateBodySchema,
  GATE_EVENTS_MAX,
  GATE_LOOKUP_MAX,
  GATE_SCANS_MAX,
  GateEventsAnswerSchema,
  GateLookupAnswerSchema,
  GateLookupQuerySchema,
  GatePackSchema,
  GateScansAnswerSchema,
  GateScansBodySchema,
} from '@marquee/domain/gate';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { GateService } from './service';

export interface GateModuleOptions {
  service: GateService;
}

/** Who may not: asked to sign in, to use a second factor, refused the permission, or shown no such thing. */
const GUARD_CODES = ['sign_in_required', 'two_factor_required', 'forbidden', 'not_found'] as const;

const BASE = '/api/organiser/:org/events/:eventUid/check-in-lists';
const LIST = `${BASE}/:listId`;
const LIST_NOTE =
  '`name` 1-' +
  String(CHECK_IN_LIST_NAME_MAX) +
  ' characters, unique within the event (409 `check_in_list_name_taken`); `package_ids` packages of the event (422 otherwise). Recorded in the audit log.';

/**
 * The gate (issue 22; decisions/043): an event's check-in lists, a list's offline pack, scans and the door's
 * look-up. Event routes (`scope: 'event'`): the guard finds the event inside the organisation and the member's
 * events; a list is found inside that event (else 404). Answers are never cached: they are the door's state.
 */
export const gateModule: FastifyPluginAsync<GateModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    '/api/organiser/:org/gate/events',
    {
      // The organisation's route, not an event's: the scope's own limit (a member's chosen events) narrows it.
      config: { permission: 'checkin.scan', scope: 'organisation' },
      schema: {
        tags: ['organiser'],
        summary: 'The events the door may scan at',
        description: `Needs \`checkin.scan\` (the door role has it, without \`event.read\`). The organisation's events this member may scan at (a member limited to chosen events: only those), drafts left out: today's and upcoming ones first (the venue's day), soonest first, then past ones, latest first; at most ${GATE_EVENTS_MAX}.`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: { 200: GateEventsAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.events(organiserOf(request));
    },
  );

  app.get(
    BASE,
    {
      config: { permission: 'checkin.scan', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "An event's check-in lists and their counts",
        description:
          "Needs `checkin.scan`. Each list's `total` is the tickets of its packages that stand (paid, not voided) and `checked_in` those admitted, at any gate: a ticket admitted at one gate counts on every list with its package. `totals` counts each of the event's standing tickets once, however the lists overlap.",
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        response: { 200: CheckInListsAnswerSchema, ...errorResponses(...GUARD_CODES) },
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
      config: { permission: 'checkin.manage', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Make a check-in list (a gate)',
        description: `Needs \`checkin.manage\`. ${LIST_NOTE}`,
        security: securedBy('session'),
        params: ConsoleEventParamsSchema,
        body: CheckInListCreateBodySchema,
        response: { 201: CheckInListSchema, ...errorResponses(...GUARD_CODES, 'check_in_list_name_taken') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await service.create(organiserOf(request), request.body));
    },
  );

  app.patch(
    LIST,
    {
      config: { permission: 'checkin.manage', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Rename a check-in list or change its packages',
        description: `Needs \`checkin.manage\`. Only the fields sent change. ${LIST_NOTE}`,
        security: securedBy('session'),
        params: CheckInListParamsSchema,
        body: CheckInListUpdateBodySchema,
        response: { 200: CheckInListSchema, ...errorResponses(...GUARD_CODES, 'check_in_list_name_taken') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.update(organiserOf(request), request.params.listId, request.body);
    },
  );

  // Declared on the untyped instance: a 204 sends no body, which the type provider's reply cannot say.
  fastify.delete(
    LIST,
    {
      config: { permission: 'checkin.manage', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Delete a check-in list',
        description:
          "Needs `checkin.manage`. Its scans are kept, with the gate's name as it was; tickets it admitted stay admitted. Recorded in the audit log.",
        security: securedBy('session'),
        params: CheckInListParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { listId } = CheckInListParamsSchema.parse(request.params);
      await service.remove(organiserOf(request), listId);
      return reply.code(204).send();
    },
  );

  app.get(
    `${LIST}/tickets`,
    {
      config: { permission: 'checkin.scan', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "A check-in list's offline pack",
        description:
          "Needs `checkin.scan`. What a scanner keeps to work offline: `public_key` (base64url of the raw 32-byte Ed25519 key the QR codes `MQ1.{claims}.{signature}` are signed with, as GET /api/tickets/public-key's `jwk.x`) and every ticket of the list's packages, standing or voided (comps included), with its state, sorted by holder name. A ticket's holder name, package and seat only: no contact details, no prices.",
        security: securedBy('session'),
        params: CheckInListParamsSchema,
        response: { 200: GatePackSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.pack(organiserOf(request), request.params.listId);
    },
  );

  app.post(
    `${LIST}/scans`,
    {
      config: { permission: 'checkin.scan', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: 'Scans at a gate, online or synced from an offline queue',
        description: `Needs \`checkin.scan\`. Up to ${GATE_SCANS_MAX} scans, each the scanned QR text (\`qr\`) or a ticket's code from the look-up (\`ticket_code\`), decided in order, each exactly once: a ticket is admitted by at most one scan ever, whichever gate, process or offline sync comes first; every other scan of it is refused \`already_used\` with \`first_scanned_at\` and \`first_list_name\`. A scan sent again (same \`device_id\` and \`client_scan_id\`) gets the answer it was given the first time, and nothing is written. Refusals: \`already_used\`, \`voided\` (refunded), \`not_on_list\`, \`other_event\`, \`unknown_ticket\`, \`bad_signature\`, \`booking_not_valid\`. A \`scanned_at\` more than 5 minutes ahead of the server's clock is a 422.`,
        security: securedBy('session'),
        params: CheckInListParamsSchema,
        body: GateScansBodySchema,
        response: { 200: GateScansAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.scan(organiserOf(request), request.params.listId, request.body);
    },
  );

  app.get(
    `${LIST}/lookup`,
    {
      config: { permission: 'ticket.lookup', scope: 'event' },
      schema: {
        tags: ['organiser'],
        summary: "The door's manual look-up",
        description: `Needs \`ticket.lookup\`. The list's tickets whose holder's name contains \`q\` (any case) or whose Booking ID is \`q\` (any case), at most ${GATE_LOOKUP_MAX}, by name; as the pack shows them. Admit one by sending its \`code\` as a scan's \`ticket_code\`.`,
        security: securedBy('session'),
        params: CheckInListParamsSchema,
        querystring: GateLookupQuerySchema,
        response: { 200: GateLookupAnswerSchema, ...errorResponses(...GUARD_CODES) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.lookup(organiserOf(request), request.params.listId, request.query.q);
    },
  );
};
