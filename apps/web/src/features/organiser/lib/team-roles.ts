import { ORGANISATION_ROLES, type OrganisationRole } from '@marquee/domain/permissions';

/**
 * What each role may do, in a sentence, for whoever chooses one: the words of the role table
 * (packages/domain/src/organiser/permissions.ts, ROLE_PERMISSIONS), which the server enforces.
 */
export const ROLE_DESCRIPTIONS: Record<OrganisationRole, string> = {
  owner: 'Everything, including the team, payouts and integrations.',
  manager: 'Events, venues, packages, seat assignment, promotions and orders; not the team or payouts.',
  box_office: 'The orders desk and comps, and reading events and venues; no event editing.',
  door: 'Scanning tickets at the gate only; no buyer contact details.',
};

/** The roles, widest first, as a form offers them. */
export const ROLES_WIDEST_FIRST: readonly OrganisationRole[] = ORGANISATION_ROLES;
