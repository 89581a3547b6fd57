import type { AuditEntry, ConsoleImportAnswer, Invitation, TeamMember } from '@marquee/domain/console';
import type { OperatorOrganisation } from '../components/operator-organisation-card';

/** Answers of the team, audit, import and operator routes, as the server's schemas have them. */
export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 1,
    name: 'Kumari Perera',
    email: 'kumari@example.com',
    role: 'owner',
    all_events: true,
    event_uids: [],
    two_factor: true,
    joined_at: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 11,
    email: 'nimal@example.com',
    role: 'box_office',
    all_events: true,
    event_uids: [],
    expires_at: '2026-12-08T10:00:00.000Z',
    invited_by: 'kumari@example.com',
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 100,
    at: '2026-11-20T09:15:00.000Z',
    actor: { kind: 'member', email: 'kumari@example.com', role: 'owner' },
    action: 'event.update',
    entity_type: 'event',
    entity_id: '5',
    event_uid: 'ev1',
    before: { name: 'Jazz Night' },
    after: { name: 'Colombo Jazz Night' },
    ...overrides,
  };
}

export function makeImportAnswer(overrides: Partial<ConsoleImportAnswer> = {}): ConsoleImportAnswer {
  return {
    dry_run: true,
    events: [
      { uid: 'quarry01', name: 'Quarry Sessions' },
      { uid: 'veena001', name: 'Moonlit Veena Recital' },
    ],
    venues_created: [{ id: 31, name: 'Hanthana Quarry Amphitheatre', city: 'Kandy' }],
    ticket_packages: 5,
    promo_codes: 2,
    ...overrides,
  };
}

export function makeOperatorOrganisation(overrides: Partial<OperatorOrganisation> = {}): OperatorOrganisation {
  return {
    slug: 'acme',
    name: 'Acme Presents',
    country: 'LK',
    status: 'approved',
    contact_email: 'hello@acme.example',
    created_at: '2026-01-05T08:00:00.000Z',
    approved_at: '2026-01-06T08:00:00.000Z',
    event_count: 4,
    owners: ['kumari@example.com'],
    ...overrides,
  };
}

export const refusal = (status: number, code: string, message: string, errors?: Record<string, string[]>) =>
  Response.json({ code, message, ...(errors ? { errors } : {}) }, { status });
