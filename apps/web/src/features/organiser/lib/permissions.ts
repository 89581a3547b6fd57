import type { OrganiserMeAnswer } from '@marquee/domain/organiser';
import {
  can,
  isOrganisationWide,
  operatorCan,
  type OrganisationRole,
  type Permission,
} from '@marquee/domain/permissions';

/** Who the signed-in user is in one organisation: a member with a role, or a Marquee operator (read only). */
export type ConsoleRole = { kind: 'member'; role: OrganisationRole; allEvents: boolean } | { kind: 'operator' };

/** The user's standing in `org`, from /me; null when they have none (the server will say not found). */
export function consoleRoleOf(me: OrganiserMeAnswer, org: string): ConsoleRole | null {
  const membership = me.organisations.find((organisation) => organisation.slug === org);
  if (membership) return { kind: 'member', role: membership.role, allEvents: membership.all_events };
  return me.is_operator ? { kind: 'operator' } : null;
}

/**
 * Whether to offer what needs `permission`: the server's own table (`can`), and a member limited to chosen
 * events is refused what acts on the whole organisation (a new venue, a new event). The server decides;
 * this only hides what it would refuse.
 */
export function mayUse(role: ConsoleRole, permission: Permission): boolean {
  if (role.kind === 'operator') return operatorCan(permission);
  if (!can(role.role, permission)) return false;
  return role.allEvents || !isOrganisationWide(permission);
}

export const ROLE_NAMES: Record<OrganisationRole | 'operator', string> = {
  owner: 'Owner',
  manager: 'Manager',
  box_office: 'Box office',
  door: 'Door',
  operator: 'Marquee operator',
};

export function roleName(role: ConsoleRole): string {
  return role.kind === 'operator' ? ROLE_NAMES.operator : ROLE_NAMES[role.role];
}
