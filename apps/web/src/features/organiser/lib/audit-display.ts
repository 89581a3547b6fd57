import type { AuditEntry } from '@marquee/domain/console';
import { isOrganisationRole } from '@marquee/domain/permissions';
import { ROLE_NAMES } from './permissions';

/** What each action the server records did, as a sentence's verb phrase; an action not here is shown as it is. */
const ACTION_WORDS: Record<string, string> = {
  'event.create': 'created the event',
  'event.update': 'changed the event',
  'event.status': "changed the event's status",
  'event.image': "changed the event's image",
  'event.publish': 'published the event',
  'event.unpublish': 'took the event off the site',
  'event.republish': 'put the event back on the site',
  'event.waiting_room': "switched the event's waiting room",
  'package.create': 'added a ticket package',
  'package.update': 'changed a ticket package',
  'package.delete': 'deleted a ticket package',
  'package.seats': 'assigned seats',
  'venue.create': 'added a venue',
  'venue.update': 'changed a venue',
  'venue.layout': "changed a venue's seat map",
  'member.invite': 'invited someone to the team',
  'member.invitation_revoke': 'revoked an invitation',
  'member.join': 'joined the team',
  'member.update': "changed a member's role or events",
  'member.remove': 'removed a member',
  'organisation.create': 'started the organisation',
  'organisation.update': 'changed the organisation',
  'organisation.approve': 'approved the organisation',
  'organisation.suspend': 'suspended the organisation',
  'organisation.reject': 'turned the organisation down',
  'import.apply': 'imported events',
  'api_key.create': 'made an API key',
  'api_key.revoke': 'revoked an API key',
  'webhook.create': 'added a webhook endpoint',
  'webhook.update': 'changed a webhook endpoint',
  'webhook.delete': 'deleted a webhook endpoint',
};

export function actionWords(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

/** Who did it: a member's e-mail and role, Marquee's operator, or Marquee itself (a job). */
export function actorWords(actor: AuditEntry['actor']): { name: string; detail: string | null } {
  if (actor.kind === 'operator') return { name: 'Marquee operator', detail: actor.email };
  if (actor.kind === 'system') return { name: 'Marquee', detail: null };
  // An API key (decisions/044): its display prefix (role `api_key:mq_live_Ab3x`), and who made it.
  if (actor.kind === 'api_key') {
    const prefix = actor.role?.startsWith('api_key:') ? actor.role.slice('api_key:'.length) : null;
    return {
      name: prefix ? `API key ${prefix}…` : 'An API key',
      detail: actor.email ? `made by ${actor.email}` : null,
    };
  }
  const role = actor.role === null ? null : isOrganisationRole(actor.role) ? ROLE_NAMES[actor.role] : actor.role;
  return { name: actor.email ?? 'A former member', detail: role };
}

const ENTITY_NAMES: Record<string, string> = {
  event: 'Event',
  ticket_package: 'Ticket package',
  venue: 'Venue',
  member: 'Member',
  invitation: 'Invitation',
  organisation: 'Organisation',
};

/** What the change was about: "Event Colombo Jazz Night", "Ticket package 12 (Colombo Jazz Night)". */
export function entityWords(entry: AuditEntry, eventNames: ReadonlyMap<string, string>): string {
  const kind = ENTITY_NAMES[entry.entity_type] ?? entry.entity_type;
  const eventName = entry.event_uid === null ? null : (eventNames.get(entry.event_uid) ?? entry.event_uid);
  if (entry.entity_type === 'event' && eventName !== null) return `${kind} ${eventName}`;
  const own = entry.entity_id === null ? kind : `${kind} ${entry.entity_id}`;
  return eventName === null ? own : `${own} (${eventName})`;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
  /** The whole values, where the shown ones were cut. */
  beforeFull: string;
  afterFull: string;
}

/** Values longer than this are cut in the table (the whole is in the cell's title). */
export const AUDIT_VALUE_LENGTH = 80;

/** A value as text: nothing as a dash, yes/no, JSON as written. */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}

function truncated(text: string): string {
  return text.length > AUDIT_VALUE_LENGTH ? `${text.slice(0, AUDIT_VALUE_LENGTH - 1)}…` : text;
}

/** The changed fields, before → after, in the order the entry names them. */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => {
    const beforeFull = auditValueText(entry.before?.[field]);
    const afterFull = auditValueText(entry.after?.[field]);
    return { field, before: truncated(beforeFull), after: truncated(afterFull), beforeFull, afterFull };
  });
}
