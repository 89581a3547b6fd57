import type { Db } from '@marquee/db/client';
import { withOrganiserScope } from '@marquee/db/tenancy';
import type { OrganisationAnswer, OrganiserMeAnswer } from '@marquee/domain/organiser';
import { notFound } from '../../plugins/app-error';
import {
  organiserScopeOf,
  type OrganiserAccessDeps,
  type OrganiserActor,
  type SignedIn,
} from '../../plugins/organiser-access';
import {
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
