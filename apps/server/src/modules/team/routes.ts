import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVITATION_VALID_DAYS,
  InvitationAcceptAnswerSchema,
  InvitationAcceptBodySchema,
  InvitationBodySchema,
  InvitationSchema,
  MAX_PENDING_INVITATIONS,
  MemberPatchBodySchema,
  TeamAnswerSchema,
  TeamMemberSchema,
} from '@marquee/domain/console';
import { InvitationParamsSchema, MemberParamsSchema } from '@marquee/domain/console-params';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { errorResponses, noContent, securedBy, sendNoContent } from '../../plugins/openapi';
import { organiserOf, signedInOf, SIGNED_IN } from '../../plugins/organiser-access';
import { byClient, limit } from '../../plugins/rate-limits';
import type { TeamService } from './service';

export interface TeamModuleOptions {
  service: TeamService;
  /** Invitations one organisation may send per hour (default 30). */
  invitationsPerHour?: number;
  /** Wrong or expired invitation tokens one client may send per 15 minutes (default 20). */
  wrongTokensPerWindow?: number;
}

const TAGS = ['organiser'];
const HOUR = 60 * 60_000;
const MANAGE_NOTE =
  'Needs `team.manage` (owners, with a second factor). Another organisation, or one that does not exist, is a 404 alike.';

/**
 * The console's team (issue 21): members, their roles and event limits, and invitations by e-mail. Each route
 * declares its permission in `config`; the guard (plugins/organiser-access.ts) checks it first. Answers are
 * never cached.
 */
export const teamModule: FastifyPluginAsync<TeamModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  // A preHandler: only requests the guard admitted and whose body is valid count against the organisation.
  const invitationLimit = limit(fastify, {
    name: 'team-invitations-organisation',
    max: options.invitationsPerHour ?? 30,
    windowMs: HOUR,
    key: (request) => String(organiserOf(request).organisationId),
    message: 'This organisation has sent too many invitations in the last hour. Please try again later.',
  });
  // Wrong tokens per client, counted before the token is looked at: over the limit even the right one waits.
  const wrongTokenLimit = limit(fastify, {
    name: 'team-invitation-wrong-token',
    max: options.wrongTokensPerWindow ?? 20,
    windowMs: 15 * 60_000,
    key: byClient,
    counts: ['link_invalid', 'link_expired'],
    message: 'Too many invitation links that do not work were tried from this connection. Please wait a few minutes.',
  });

  app.get(
    '/api/organiser/:org/team',
    {
      config: { permission: 'team.read' },
      schema: {
        tags: TAGS,
        summary: "The organisation's members and pending invitations",
        description:
          "Every member (name, e-mail, role, whether limited to chosen events and which, whether the account has two factors on, when they joined) and the pending invitations that have not expired. A member limited to chosen events sees only the uids of their own events in others' limits. Needs `team.read` (owners, managers and operators; door and box office are refused). Another organisation, or one that does not exist, is a 404 alike.",
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        response: {
          200: TeamAnswerSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.team(organiserOf(request));
    },
  );

  app.post(
    '/api/organiser/:org/invitations',
    {
      config: { permission: 'team.manage' },
      preHandler: invitationLimit,
      schema: {
        tags: TAGS,
        summary: 'Invite someone to the team by e-mail',
        description: `E-mails a link (\`/organiser/join?token=…\`, valid ${INVITATION_VALID_DAYS} days, for the account with that address) naming the organisation, the role and who invited; only the token's sha256 is kept. An owner always has all events (422 \`errors.all_events\` when false is sent); \`all_events: false\` needs at least one of the organisation's events in \`event_uids\` (422 \`errors.event_uids\` for none, or for a uid that is not one of its events). 409 \`conflict\` when the address is already a member, already has a pending invitation, or the organisation has ${MAX_PENDING_INVITATIONS} pending invitations. At most 30 invitations per organisation per hour (429). ${MANAGE_NOTE}`,
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        body: InvitationBodySchema,
        response: {
          201: InvitationSchema,
          ...errorResponses(
            'sign_in_required',
            'two_factor_required',
            'forbidden',
            'not_found',
            'conflict',
            'rate_limited',
          ),
        },
      },
    },
    async (request, reply) => {
      const answer = await service.invite(organiserOf(request), request.body);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/api/organiser/:org/invitations/:invitationId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags: TAGS,
        summary: 'Revoke a pending invitation',
        description: `Its link stops working (403 \`link_invalid\`). An invitation of another organisation, one already revoked or expired, or one that does not exist is a 404; an accepted one is a 409 \`conflict\` (remove the member instead). ${MANAGE_NOTE}`,
        security: securedBy('session'),
        params: InvitationParamsSchema,
        response: {
          ...noContent('Revoked.'),
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found', 'conflict'),
        },
      },
    },
    async (request, reply) => {
      await service.revokeInvitation(organiserOf(request), request.params.invitationId);
      reply.header('cache-control', 'no-store');
      return sendNoContent(reply);
    },
  );

  app.patch(
    '/api/organiser/:org/members/:memberId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags: TAGS,
        summary: "Change a member's role or event limits",
        description: `Only what is sent changes. \`event_uids\` replaces a limited member's events (422 \`errors.event_uids\` for a uid that is not one of the organisation's events, for none when limited, or for some with \`all_events: true\`); an owner always has all events (422 \`errors.all_events\`). The organisation's last owner cannot be given another role (409 \`last_owner\`). A member of another organisation, or one that does not exist, is a 404. ${MANAGE_NOTE}`,
        security: securedBy('session'),
        params: MemberParamsSchema,
        body: MemberPatchBodySchema,
        response: {
          200: TeamMemberSchema,
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found', 'last_owner'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.updateMember(organiserOf(request), request.params.memberId, request.body);
    },
  );

  app.delete(
    '/api/organiser/:org/members/:memberId',
    {
      config: { permission: 'team.manage' },
      schema: {
        tags: TAGS,
        summary: 'Remove a member from the team',
        description: `Their event limits go with them. The organisation's last owner cannot be removed, not even by themself (409 \`last_owner\`). A member of another organisation, or one that does not exist, is a 404. ${MANAGE_NOTE}`,
        security: securedBy('session'),
        params: MemberParamsSchema,
        response: {
          ...noContent('Removed.'),
          ...errorResponses('sign_in_required', 'two_factor_required', 'forbidden', 'not_found', 'last_owner'),
        },
      },
    },
    async (request, reply) => {
      await service.removeMember(organiserOf(request), request.params.memberId);
      reply.header('cache-control', 'no-store');
      return sendNoContent(reply);
    },
  );

  app.post(
    '/api/organiser/invitations/accept',
    {
      // Any signed-in account: whether it is the invited one is the invitation's to say.
      config: { permission: SIGNED_IN },
      preHandler: wrongTokenLimit,
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation to a team',
        description:
          "The token of the e-mailed link, sent by the account with the invited address (any case): it becomes a member with the invitation's role and events, and the answer names the organisation to open. 403 `link_invalid` for an unknown, revoked or used token, or for another account (the message names the invited address masked, `n***@example.com`); 410 `link_expired` once the link has expired; 409 `conflict` when the account is already a member. One token makes one membership, even when sent twice at once. 20 links that do not work from one client in 15 minutes: 429 with Retry-After.",
        security: securedBy('session'),
        body: InvitationAcceptBodySchema,
        response: {
          200: InvitationAcceptAnswerSchema,
          ...errorResponses('sign_in_required', 'link_invalid', 'link_expired', 'conflict', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.accept(signedInOf(request), { requestId: request.id, ip: request.ip }, request.body.token);
    },
  );
};
