import { describe, expect, it } from 'vitest';
import {
  ORGANISATION_ROLES,
  ORGANISATION_WIDE,
  PERMISSIONS,
  PLATFORM_PERMISSIONS,
  TWO_FACTOR_ROLES,
  can,
  isOrganisationRole,
  isOrganisationWide,
  isPermission,
  operatorCan,
  operatorPermissions,
  permissionsOf,
  requiresTwoFactor,
  type Permission,
} from './permissions';

/**
 * The design's table (issue 21), written out by hand: owner, manager, box office, door, and a platform
 * operator in any organisation (who may only read).
 */
const TABLE: Record<
  Permission,
  [owner: boolean, manager: boolean, boxOffice: boolean, door: boolean, operator: boolean]
> = {
  'organisation.read': [true, true, true, true, true],
  'organisation.update': [true, false, false, false, false],
  'team.read': [true, true, false, false, true],
  'team.manage': [true, false, false, false, false],
  'payout.manage': [true, false, false, false, false],
  'venue.read': [true, true, true, false, true],
  'venue.write': [true, true, false, false, false],
  'event.read': [true, true, true, false, true],
  'event.create': [true, true, false, false, false],
  'event.write': [true, true, false, false, false],
  'event.publish': [true, true, false, false, false],
  'import.run': [true, true, false, false, false],
  'audit.read': [true, true, false, false, true],
  'order.read': [true, true, true, false, true],
  'order.contact.read': [true, true, true, false, true],
  'order.edit': [true, true, true, false, false],
  'order.refund': [true, true, true, false, false],
  'order.comp': [true, true, true, false, false],
  'promo.read': [true, true, false, false, true],
  'promo.write': [true, true, false, false, false],
  'report.read': [true, true, false, false, true],
  'export.run': [true, true, false, false, false],
  'checkin.scan': [true, true, true, true, false],
  'checkin.manage': [true, true, false, false, false],
  'ticket.lookup': [true, true, true, true, false],
  'integration.manage': [true, false, false, false, false],
};

describe('the role → permission table', () => {
  it('covers every permission, and only those', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(PERMISSIONS.map((permission) => [permission, TABLE[permission]] as const))(
    '%s: owner, manager, box office, door, operator = %j',
    (permission, [owner, manager, boxOffice, door, operator]) => {
      expect([
        can('owner', permission),
        can('manager', permission),
        can('box_office', permission),
        can('door', permission),
        operatorCan(permission),
      ]).toEqual([owner, manager, boxOffice, door, operator]);
    },
  );

  it('grants the owner every permission', () => {
    for (const permission of PERMISSIONS) expect(can('owner', permission)).toBe(true);
    expect(permissionsOf('owner').size).toBe(PERMISSIONS.length);
  });

  it('gives the team and payouts to no role but the owner', () => {
    for (const role of ORGANISATION_ROLES.filter((r) => r !== 'owner')) {
      expect(can(role, 'team.manage')).toBe(false);
      expect(can(role, 'payout.manage')).toBe(false);
    }
  });

  it('lets a door member scan and look up tickets, and nothing about events or buyers', () => {
    expect([...permissionsOf('door')].sort()).toEqual(['checkin.scan', 'organisation.read', 'ticket.lookup']);
    expect(can('door', 'event.read')).toBe(false);
    expect(can('door', 'order.contact.read')).toBe(false);
  });

  it('lets box office read events but edit none', () => {
    expect(can('box_office', 'event.read')).toBe(true);
    for (const permission of ['event.write', 'event.create', 'event.publish', 'venue.write'] as const) {
      expect(can('box_office', permission)).toBe(false);
    }
  });

  it('agrees with permissionsOf for every role', () => {
    for (const role of ORGANISATION_ROLES) {
      expect([...permissionsOf(role)].sort()).toEqual(PERMISSIONS.filter((p) => can(role, p)).sort());
    }
  });

  it('keeps every role a subset of the one above it', () => {
    const chain = ['door', 'box_office', 'owner'] as const;
    for (let i = 1; i < chain.length; i++) {
      const lower = chain[i - 1]!;
      const upper = chain[i]!;
      for (const permission of permissionsOf(lower)) expect(can(upper, permission)).toBe(true);
    }
    for (const permission of permissionsOf('manager')) expect(can('owner', permission)).toBe(true);
  });
});

describe("operators' powers", () => {
  it('are every read and the platform permissions, never an organisation write', () => {
    const reads = PERMISSIONS.filter((permission) => permission.endsWith('.read'));
    expect([...operatorPermissions()].sort()).toEqual([...reads, ...PLATFORM_PERMISSIONS].sort());
    for (const permission of PERMISSIONS.filter((p) => !p.endsWith('.read')))
      expect(operatorCan(permission)).toBe(false);
  });

  it('are given to no member role', () => {
    for (const role of ORGANISATION_ROLES) {
      for (const permission of PLATFORM_PERMISSIONS) expect([...permissionsOf(role)]).not.toContain(permission);
    }
  });
});

describe('event limits and two factors', () => {
  it('names the permissions that need a member with all events', () => {
    expect([...ORGANISATION_WIDE].sort()).toEqual(
      [
        'event.create',
        'import.run',
        'integration.manage',
        'organisation.update',
        'payout.manage',
        'team.manage',
        'venue.write',
      ].sort(),
    );
    expect(isOrganisationWide('event.write')).toBe(false);
    expect(isOrganisationWide('venue.write')).toBe(true);
  });

  it('asks owners and managers for a second factor, not box office or door', () => {
    expect([...TWO_FACTOR_ROLES].sort()).toEqual(['manager', 'owner']);
    expect(ORGANISATION_ROLES.map(requiresTwoFactor)).toEqual([true, true, false, false]);
  });

  it('recognises roles and permissions from untrusted input', () => {
    expect(isOrganisationRole('box_office')).toBe(true);
    expect(isOrganisationRole('admin')).toBe(false);
    expect(isOrganisationRole(undefined)).toBe(false);
    expect(isPermission('event.write')).toBe(true);
    expect(isPermission('platform.read')).toBe(false);
    expect(isPermission('event.delete')).toBe(false);
  });
});
