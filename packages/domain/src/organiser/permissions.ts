import { z } from 'zod';

/**
 * Who may do what on the organiser side (issue 21; docs/decisions/032). Permission names are explicit
 * strings, checked in one place: every console route declares the permission it needs, the server's
 * guard asks `can()`, and the web app hides what the server would refuse with the same table.
 */

/** A member's role in an organisation. */
export const ORGANISATION_ROLES = ['owner', 'manager', 'box_office', 'door'] as const;
export const OrganisationRoleSchema = z.enum(ORGANISATION_ROLES);
export type OrganisationRole = z.infer<typeof OrganisationRoleSchema>;

export const PERMISSIONS = [
  // Part 1: organisations, team, venues, events, publishing, import, audit.
  'organisation.read',
  'organisation.update',
  'team.read',
  'team.manage',
  'payout.manage',
  'venue.read',
  'venue.write',
  'event.read',
  'event.create',
  'event.write',
  'event.publish',
  'import.run',
  'audit.read',
  // Part 2 (issue 22): declared now, so that every role is complete from the start.
  'order.read',
  'order.contact.read',
  'order.edit',
  'order.refund',
  'order.comp',
  'promo.read',
  'promo.write',
  'report.read',
  'export.run',
  'checkin.scan',
  'checkin.manage',
  'ticket.lookup',
  'integration.manage',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

/** Marquee's own staff, on `/api/operator/*`: never given to a member of an organisation. */
export const PLATFORM_PERMISSIONS = [
  'platform.read',
  'platform.organisation.review',
  'platform.event.unpublish',
  /** Put an event behind its waiting room, or take it out, in a rush (issue 23), whatever its organiser set. */
  'platform.event.waiting_room',
] as const;
export const PlatformPermissionSchema = z.enum(PLATFORM_PERMISSIONS);
export type PlatformPermission = z.infer<typeof PlatformPermissionSchema>;

/**
 * Permissions that act on the organisation itself rather than on chosen events: a member limited to some
 * events (`all_events = false`) is refused them whatever the role (a limited manager creates no events).
 */
export const ORGANISATION_WIDE: ReadonlySet<Permission> = new Set<Permission>([
  'organisation.update',
  'team.manage',
  'payout.manage',
  'venue.write',
  'event.create',
  'import.run',
  'integration.manage',
]);

/** Roles that must have signed in with a second factor (operators must too: the server checks that apart). */
export const TWO_FACTOR_ROLES: ReadonlySet<OrganisationRole> = new Set<OrganisationRole>(['owner', 'manager']);

const MANAGER: readonly Permission[] = [
  'organisation.read',
  'team.read',
  'audit.read',
  'venue.read',
  'venue.write',
  'event.read',
  'event.create',
  'event.write',
  'event.publish',
  'import.run',
  'order.read',
  'order.contact.read',
  'order.edit',
  'order.refund',
  'order.comp',
  'promo.read',
  'promo.write',
  'report.read',
  'export.run',
  'checkin.manage',
  'checkin.scan',
  'ticket.lookup',
];

/** The one role → permission table. */
const ROLE_PERMISSIONS: Record<OrganisationRole, ReadonlySet<Permission>> = {
  /** Everything, including the team, payouts and integrations. */
  owner: new Set(PERMISSIONS),
  /** Events, venues, packages, seat assignment, promotions and orders; not the team or payouts. */
  manager: new Set(MANAGER),
  /** The orders desk and comps, and reading events and venues (a read-only editor); no event editing. */
  box_office: new Set<Permission>([
    'organisation.read',
    'venue.read',
    'event.read',
    'order.read',
    'order.contact.read',
    'order.edit',
    'order.refund',
    'order.comp',
    'checkin.scan',
    'ticket.lookup',
  ]),
  /**
   * Scanning only. No `event.read`, so that a door member asking for the event editor is refused by the
   * API, not only by hidden links; and no `order.contact.read`, so no buyer contact details.
   */
  door: new Set<Permission>(['organisation.read', 'checkin.scan', 'ticket.lookup']),
};

/**
 * What a platform operator may do in any organisation: read (every `*.read`), never write; plus the
 * platform permissions of the operator routes. Unpublishing is `platform.event.unpublish`, not an
 * organisation write.
 */
const OPERATOR_PERMISSIONS: ReadonlySet<Permission | PlatformPermission> = new Set<Permission | PlatformPermission>([
  'organisation.read',
  'team.read',
  'audit.read',
  'venue.read',
  'event.read',
  'order.read',
  'order.contact.read',
  'promo.read',
  'report.read',
  ...PLATFORM_PERMISSIONS,
]);

export function isOrganisationRole(value: unknown): value is OrganisationRole {
  return typeof value === 'string' && (ORGANISATION_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** Whether a member with this role holds the permission (event limits are checked apart: `ORGANISATION_WIDE`). */
export function can(role: OrganisationRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Every permission of a role (for `GET /api/organiser/me`, so the console hides what it may not use). */
export function permissionsOf(role: OrganisationRole): ReadonlySet<Permission> {
  return ROLE_PERMISSIONS[role];
}

/** Whether a platform operator holds the permission: reads in every organisation, and the platform's own. */
export function operatorCan(permission: Permission | PlatformPermission): boolean {
  return OPERATOR_PERMISSIONS.has(permission);
}

/** Every permission of a platform operator. */
export function operatorPermissions(): ReadonlySet<Permission | PlatformPermission> {
  return OPERATOR_PERMISSIONS;
}

/** Whether a member needs `all_events` for the permission (it acts on the organisation, not on events). */
export function isOrganisationWide(permission: Permission): boolean {
  return ORGANISATION_WIDE.has(permission);
}

/** Whether a member with this role must have a session made with a second factor. */
export function requiresTwoFactor(role: OrganisationRole): boolean {
  return TWO_FACTOR_ROLES.has(role);
}
