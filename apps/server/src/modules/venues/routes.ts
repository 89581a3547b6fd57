import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VenueFieldsPatchSchema, VenueFieldsSchema } from '@marquee/domain/authoring';
import { VenueAnswerSchema, VenueLayoutBodySchema, VenueListAnswerSchema } from '@marquee/domain/console';
import { VenueParamsSchema } from '@marquee/domain/console-params';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { SeatMapSchema } from '@marquee/domain/seat-map';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { VenuesService } from './service';

export interface VenuesModuleOptions {
  service: VenuesService;
}

const TAGS = ['organiser'];
const READ_NOTE =
  'Needs `venue.read`. A member limited to chosen events sees only the venues of their events; a venue of another organisation, or one that does not exist, is a 404 alike.';
const WRITE_NOTE =
  'Needs `venue.write` (owners and managers with all events, with a second factor). A venue of another organisation, or one that does not exist, is a 404 alike.';

/**
 * The console's venues (issue 21). Each route declares its permission in `config`; the guard
 * (plugins/organiser-access.ts) checks it before anything else runs. Answers are never cached.
 */
export const venuesModule: FastifyPluginAsync<VenuesModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.get(
    '/api/organiser/:org/venues',
    {
      config: { permission: 'venue.read' },
      schema: {
        tags: TAGS,
        summary: "The organisation's venues",
        description: `Every venue with its layout, whether the layout is locked, and how many events are there (those the member may see). ${READ_NOTE}`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: {
          200: VenueListAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(organiserOf(request));
    },
  );

  app.post(
    '/api/organiser/:org/venues',
    {
      config: { permission: 'venue.write' },
      schema: {
        tags: TAGS,
        summary: 'Add a venue',
        description: `A venue without a seat map (set one with PUT …/layout). Its name and city together are unique in the organisation (409 \`conflict\`). ${WRITE_NOTE}`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        body: VenueFieldsSchema,
        response: {
          201: VenueAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found', 'conflict'),
        },
      },
    },
    async (request, reply) => {
      const answer = await service.create(organiserOf(request), request.body);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/organiser/:org/venues/:venueId',
    {
      config: { permission: 'venue.read' },
      schema: {
        tags: TAGS,
        summary: 'A venue',
        description: READ_NOTE,
        security: securedBy('session'),
        params: VenueParamsSchema,
        response: {
          200: VenueAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(organiserOf(request), request.params.venueId);
    },
  );

  app.patch(
    '/api/organiser/:org/venues/:venueId',
    {
      config: { permission: 'venue.write' },
      schema: {
        tags: TAGS,
        summary: "Change a venue's fields",
        description: `Any of its fields. The country and time zone of a venue with events cannot change (409 \`conflict\`: the events' currency and times depend on them), nor can the name and city become another venue's (409 \`conflict\`). ${WRITE_NOTE}`,
        security: securedBy('session'),
        params: VenueParamsSchema,
        body: VenueFieldsPatchSchema,
        response: {
          200: VenueAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found', 'conflict'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.update(organiserOf(request), request.params.venueId, request.body);
    },
  );

  app.put(
    '/api/organiser/:org/venues/:venueId/layout',
    {
      config: { permission: 'venue.write' },
      schema: {
        tags: TAGS,
        summary: "Set a venue's seat map",
        description: `\`{ "kind": "none" }\` removes the map (buyers get a ticket list); \`{ "kind": "generic", "spec" }\` builds one from the layout spec. Refused with 409 \`layout_locked\` once an event at the venue is published or has tickets sold or held (a special layout too). The packages of the venue's draft events lose the seats the new layout does not have, and their capacity follows their seat count. ${WRITE_NOTE}`,
        security: securedBy('session'),
        params: VenueParamsSchema,
        body: VenueLayoutBodySchema,
        response: {
          200: VenueAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found', 'layout_locked'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.setLayout(organiserOf(request), request.params.venueId, request.body);
    },
  );

  app.get(
    '/api/organiser/:org/venues/:venueId/seat-map',
    {
      config: { permission: 'venue.read' },
      schema: {
        tags: TAGS,
        summary: "A venue's seat map",
        description: `The stored compact layout, exactly as buyers are served it (\`seat_map\` of GET /api/events/{uid}/seat-map; expand it with \`expandSeatMap\`), for the console's preview and seat assignment. 404 when the venue has no map. ${READ_NOTE}`,
        security: securedBy('session'),
        params: VenueParamsSchema,
        response: {
          200: SeatMapSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.seatMap(organiserOf(request), request.params.venueId);
    },
  );
};
