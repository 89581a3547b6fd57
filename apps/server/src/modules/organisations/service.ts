import type { Db } from '@marquee/db/client';
import { isViolationOf, UNIQUE_VIOLATION } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import { MAX_PENDING_ORGANISATIONS_PER_USER, type OrganisationCreateBody } from '@marquee/domain/console';
import type { OrganisationAnswer, OrganiserMeAnswer } from '@marquee/domain/organiser';
import { AppError, invalidField, notFound } from '../../plugins/app-error';
import {
  organiserScopeOf,
  type OrganiserAccessDeps,
  type OrganiserActor,
  type SignedIn,
} from '../../plugins/organiser-access';
import {
  countPendingOrganisationsOf,
  insertOrganisationWithOwner,
  findEventOfOrganisation,
  findMemberEventIds,
  findMemberships,
  findOrganisationAndMembership,
  findScopedOrganisation,
  findSignedInFacts,
} from './repository';

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

/**
 * Organisations and their members (issue 21). `access` is what the console's guard reads
 * (plugins/organiser-access.ts); the use cases run inside the scope the guard admitted.
 */
export function createOrganisationsService(deps: { db: Db }) {
  const { db } = deps;
  const access: Omit<OrganiserAccessDeps, 'currentSession'> = {
    findOrganisationAndMembership: (slug, userId) => findOrganisationAndMembership(db, slug, userId),
    findSignedInFacts: (userId, sessionId) => findSignedInFacts(db, userId, sessionId),
    findMemberEventIds: (organisationId, memberId) => findMemberEventIds(db, organisationId, memberId),
    findEventOfOrganisation: (organisationId, uid) => findEventOfOrganisation(db, organisationId, uid),
  };
  return {
    access,

    /** The signed-in user's organisations, whether they are an operator, and where their second factor stands. */
    async me(signedIn: SignedIn): Promise<OrganiserMeAnswer> {
      const facts = await findSignedInFacts(db, signedIn.userId, signedIn.sessionId);
      const memberships = await findMemberships(db, signedIn.userId);
      return {
        organisations: memberships.map((row) => ({
          slug: row.slug,
          name: row.name,
          status: row.status,
          role: row.role,
          all_events: row.allEvents,
        })),
        is_operator: facts?.isOperator ?? false,
        two_factor: { enabled: facts?.twoFactorEnabled ?? false, this_session: facts?.secondFactor ?? false },
      };
    },

    /**
     * A new organisation, pending until a Marquee operator approves it (its events cannot be published
     * before), with the signed-in user as its owner. A taken address is a 422 on `slug`.
     */
    async create(
      signedIn: SignedIn,
      body: OrganisationCreateBody,
      request: { id: string; ip: string },
    ): Promise<OrganisationAnswer> {
      const facts = await findSignedInFacts(db, signedIn.userId, signedIn.sessionId);
      if (!facts) throw new AppError('sign_in_required', 'Sign in to continue.');
      try {
        return await db.transaction(async (tx) => {
          if ((await countPendingOrganisationsOf(tx, signedIn.userId)) >= MAX_PENDING_ORGANISATIONS_PER_USER) {
            throw new AppError(
              'conflict',
              `You have ${MAX_PENDING_ORGANISATIONS_PER_USER} organisations waiting for approval: wait for Marquee to review them before adding another.`,
            );
          }
          const organisation = await insertOrganisationWithOwner(tx, {
            slug: body.slug,
            name: body.name,
            country: body.country,
            contactEmail: body.contact_email.toLowerCase(),
            userId: signedIn.userId,
          });
          const actor = {
            kind: 'member' as const,
            userId: signedIn.userId,
            email: facts.email,
            role: 'owner',
            requestId: request.id,
            ip: request.ip,
          };
          await withOrganiserScope(tx, { organisationId: organisation.id, eventIds: 'all', actor }, (scoped) =>
            appendAudit(scoped, {
              action: 'organisation.create',
              entityType: 'organisation',
              entityId: organisation.id,
              after: { slug: organisation.slug, name: organisation.name, country: organisation.country },
            }),
          );
          return {
            slug: organisation.slug,
            name: organisation.name,
            country: organisation.country,
            status: organisation.status,
            contact_email: organisation.contactEmail,
          };
        });
      } catch (error) {
        if (isViolationOf(error, UNIQUE_VIOLATION, 'organisations_slug_key')) {
          throw invalidField('slug', 'is already taken: choose another');
        }
        throw error;
      }
    },

    /** The actor's organisation, read in its scope. */
    organisation(actor: OrganiserActor): Promise<OrganisationAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const row = await findScopedOrganisation(tx);
        if (!row) throw notFound('No such organisation.');
        return {
          slug: row.slug,
          name: row.name,
          country: row.country,
          status: row.status,
          contact_email: row.contactEmail,
        };
      });
    },
  };
}
