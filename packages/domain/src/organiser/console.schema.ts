import { z } from 'zod';
import { ChecklistItemSchema } from '../authoring/publishing-checklist';
import { EventLifecycleStatusSchema, PUBLISHED_STATUSES } from '../authoring/lifecycle';
import { GenericLayoutSpecSchema } from '../authoring/layout.schema';
import { COUNTRIES, WallClockFieldSchema } from '../authoring/fields.schema';
import { EVENT_TYPES } from '../catalog/categories';
import { ErrorBodySchema } from '../errors/error-shape';
import { SeatMapTypeSchema } from '../seat-map/seat-map.schema';
import { OrganisationSlugSchema, OrganisationStatusSchema } from './organiser.schema';
import { OrganisationRoleSchema } from './permissions';

/**
 * The organiser console's API (issue 21): what each `/api/organiser/{org}/…` route answers, and the bodies
 * that are not an authoring schema of their own (those are in `@marquee/domain/authoring`: VenueFieldsSchema,
 * EventFieldsSchema, TicketPackageFieldsSchema and their patches). The server serialises with these and the
 * console parses with them: one contract, two sides.
 *
 * Times an organiser types are wall clocks in the venue's zone (`*_local`, `2026-12-31T19:30`); instants
 * (`*_at`) are ISO 8601 with an offset.
 */

const InstantSchema = z.string();
const IdSchema = z.number().int().positive();

/* ------------------------------------------------------------------ venues */

/** A venue's seat map, as the console shows it. */
export const VenueLayoutAnswerSchema = z.discriminatedUnion('kind', [
  /** No map: buyers see a ticket list. */
  z.object({ kind: z.literal('none') }),
  /** Built in the console from its spec (editable again). */
  z.object({ kind: z.literal('generic'), spec: GenericLayoutSpecSchema, seat_count: z.number().int().nonnegative() }),
  /** A special layout drawn for the venue (Lotus Tower…): kept, not editable in the console. */
  z.object({ kind: z.literal('special'), type: SeatMapTypeSchema, seat_count: z.number().int().nonnegative() }),
]);
export type VenueLayoutAnswer = z.infer<typeof VenueLayoutAnswerSchema>;

/** PUT /api/organiser/{org}/venues/{venueId}/layout: none, or a generic layout from its spec. */
export const VenueLayoutBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({ kind: z.literal('generic'), spec: GenericLayoutSpecSchema }),
  ],
  { error: 'must be { kind: "none" } or { kind: "generic", spec }' },
);
export type VenueLayoutBody = z.infer<typeof VenueLayoutBodySchema>;

export const VenueAnswerSchema = z.object({
  id: IdSchema,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.enum(COUNTRIES),
  time_zone: z.string(),
  layout: VenueLayoutAnswerSchema,
  /** The layout can no longer change: an event here is published, or has sold or held tickets. */
  layout_locked: z.boolean(),
  /** Events of the organisation at this venue, any status. */
  event_count: z.number().int().nonnegative(),
});
export type VenueAnswer = z.infer<typeof VenueAnswerSchema>;

export const VenueListAnswerSchema = z.object({ venues: z.array(VenueAnswerSchema) });
export type VenueListAnswer = z.infer<typeof VenueListAnswerSchema>;

/* ------------------------------------------------------------------ events and packages */

/** Path parameters of an event's routes. */
export const ConsoleEventParamsSchema = z.object({ org: z.string(), eventUid: z.string() });

export const ConsolePackageSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  /** Tickets in all (a seated package: its seats). */
  capacity: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  /** Buyers waiting in its waitlist's line for tickets to come back (issue 23). */
  waiting: z.number().int().nonnegative(),
  max_per_order: z.number().int().positive(),
  sale_start_local: WallClockFieldSchema.nullable(),
  sale_end_local: WallClockFieldSchema.nullable(),
  active: z.boolean(),
  inactive_message: z.string().nullable(),
  free_seating: z.boolean(),
  /** The seats the package owns on the venue's map (empty without a map, or for free seating). */
  seat_ids: z.array(z.string()),
  /** Which of the six package colours the seat map uses (0-5). */
  color_class: z.number().int().min(0).max(5),
});
export type ConsolePackage = z.infer<typeof ConsolePackageSchema>;

/** PUT …/packages/{packageId}/seats: the package's seats, all of them (what is not listed is released). */
export const PackageSeatsBodySchema = z.strictObject({
  seat_ids: z
    .array(z.string().min(1).max(40), { error: 'must be a list of seat ids' })
    .max(60_000, 'must list at most 60000 seats')
    .refine((ids) => new Set(ids).size === ids.length, 'must list each seat once'),
});

/**
 * 409 of PUT …/seats: `seats_taken`, seats another package of the event owns (`taken_seats`, all of them);
 * `seats_locked`, releasing seats that are sold or held; `conflict`, a free seating package (it owns no seats).
 */
export const PackageSeatsConflictBodySchema = ErrorBodySchema.extend({
  code: z.enum(['conflict', 'seats_taken', 'seats_locked']),
  taken_seats: z.array(z.string()).optional(),
});
export type PackageSeatsConflictBody = z.infer<typeof PackageSeatsConflictBodySchema>;

export const ConsoleEventSummarySchema = z.object({
  uid: z.string(),
  name: z.string(),
  type: z.enum(EVENT_TYPES),
  status: EventLifecycleStatusSchema,
  /** Every active package is sold out (computed, never stored). */
  sold_out: z.boolean(),
  /** Taken off the site by a Marquee operator (the reason is in the audit log). */
  unpublished: z.boolean(),
  starts_at: InstantSchema,
  start_local: WallClockFieldSchema,
  venue: z.object({ id: IdSchema, name: z.string(), city: z.string() }),
  currency: z.enum(['LKR', 'SGD', 'AUD']),
  sold: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative(),
  thumbnail_url: z.string().nullable(),
});
export type ConsoleEventSummary = z.infer<typeof ConsoleEventSummarySchema>;

export const ConsoleEventListAnswerSchema = z.object({ events: z.array(ConsoleEventSummarySchema) });
export type ConsoleEventListAnswer = z.infer<typeof ConsoleEventListAnswerSchema>;

export const ConsoleEventAnswerSchema = ConsoleEventSummarySchema.extend({
  description: z.string(),
  artists: z.array(z.string()),
  venue: z.object({
    id: IdSchema,
    name: z.string(),
    city: z.string(),
    country: z.enum(COUNTRIES),
    time_zone: z.string(),
    has_seat_map: z.boolean(),
  }),
  end_local: WallClockFieldSchema.nullable(),
  handling_cost: z.number().int().nonnegative(),
  payment_gateway_ids: z.array(IdSchema),
  featured: z.boolean(),
  free_event: z.boolean(),
  /**
   * High demand: the sale is behind a waiting room, letting `admit_per_minute` buyers in (issue 23). Optional
   * until the server answers them; absent reads as off and the default rate.
   */
  waiting_room: z.boolean().optional(),
  admit_per_minute: z.number().int().positive().optional(),
  /** When a presale or pending event's sales open, in the venue's zone. */
  sale_start_local: WallClockFieldSchema.nullable(),
  banner_url: z.string().nullable(),
  published_at: InstantSchema.nullable(),
  packages: z.array(ConsolePackageSchema),
  /** What stands between the event and publishing it (as an on-sale event); [] when nothing. */
  checklist: z.array(ChecklistItemSchema),
  /** Where buyers find it (`/{type}/{slug}/{uid}`); a draft is there for the team only, through the preview. */
  buyer_path: z.string(),
});
export type ConsoleEventAnswer = z.infer<typeof ConsoleEventAnswerSchema>;

/** POST …/events/{eventUid}/status: move the event along its lifecycle (lifecycle.ts's transitions). */
export const EventStatusBodySchema = z.strictObject({
  to: EventLifecycleStatusSchema,
  /** Required for presale and pending: when sales open, in the venue's zone. */
  sale_start_local: WallClockFieldSchema.nullable().optional(),
});
export type EventStatusBody = z.infer<typeof EventStatusBodySchema>;
export { PUBLISHED_STATUSES };

/** PUT …/events/{eventUid}/images/{kind}: the raw image is the body (image/jpeg, image/png or image/webp). */
export const EventImageKindSchema = z.enum(['banner', 'thumbnail']);
export const EventImageParamsSchema = ConsoleEventParamsSchema.extend({ kind: EventImageKindSchema });
export const EventImagesAnswerSchema = z.object({
  banner_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});
export const IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  /** Widths stored: the banner at 1600 px, the thumbnail at 600 px (never enlarged). */
  widths: { banner: 1600, thumbnail: 600 },
  /** Smallest accepted source, in pixels. */
  minWidth: { banner: 800, thumbnail: 300 },
} as const;

/* ------------------------------------------------------------------ team */

export const TeamMemberSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  role: OrganisationRoleSchema,
  all_events: z.boolean(),
  /** The events of a member limited to chosen events (uids); [] with all events. */
  event_uids: z.array(z.string()),
  two_factor: z.boolean(),
  joined_at: InstantSchema,
});
export const InvitationSchema = z.object({
  id: IdSchema,
  email: z.string(),
  role: OrganisationRoleSchema,
  all_events: z.boolean(),
  event_uids: z.array(z.string()),
  expires_at: InstantSchema,
  invited_by: z.string().nullable(),
});
export const TeamAnswerSchema = z.object({
  members: z.array(TeamMemberSchema),
  invitations: z.array(InvitationSchema),
});
export type TeamAnswer = z.infer<typeof TeamAnswerSchema>;

const teamAccess = {
  role: OrganisationRoleSchema,
  all_events: z.boolean().default(true),
  event_uids: z.array(z.string().min(1).max(40)).max(200).default([]),
};
export const InvitationBodySchema = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).max(254),
  ...teamAccess,
});
export type InvitationBody = z.infer<typeof InvitationBodySchema>;
/**
 * PATCH …/members/{memberId}: only what is sent changes (no defaults here: `.partial()` of `teamAccess` would
 * still fill `all_events: true, event_uids: []` in, and a role change would silently widen the member).
 */
export const MemberPatchBodySchema = z.strictObject({
  role: teamAccess.role.optional(),
  all_events: z.boolean().optional(),
  event_uids: z.array(z.string().min(1).max(40)).max(200).optional(),
});
export type MemberPatchBody = z.infer<typeof MemberPatchBodySchema>;
export const InvitationAcceptBodySchema = z.strictObject({ token: z.string().min(20).max(200) });
/** POST /api/organiser/invitations/accept: the organisation joined, for the console to open. */
export const InvitationAcceptAnswerSchema = z.object({ slug: OrganisationSlugSchema });
export type InvitationAcceptAnswer = z.infer<typeof InvitationAcceptAnswerSchema>;
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export type Invitation = z.infer<typeof InvitationSchema>;
/** Pending invitations one organisation may have at once. */
export const MAX_PENDING_INVITATIONS = 50;
/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 7;

/* ------------------------------------------------------------------ audit */

export const AuditEntrySchema = z.object({
  id: IdSchema,
  at: InstantSchema,
  actor: z.object({
    kind: z.enum(['member', 'operator', 'system', 'api_key']),
    email: z.string().nullable(),
    role: z.string().nullable(),
  }),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  event_uid: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditAnswerSchema = z.object({ entries: z.array(AuditEntrySchema), next_before: IdSchema.nullable() });
export type AuditAnswer = z.infer<typeof AuditAnswerSchema>;

/* ------------------------------------------------------------------ organisations and operators */

/** Addresses the console uses itself, which no organisation may take as its slug. */
export const RESERVED_ORGANISATION_SLUGS: ReadonlySet<string> = new Set([
  'me',
  'new',
  'join',
  'organisations',
  'invitations',
  'operator',
  'admin',
  'marquee',
  'api',
  'settings',
]);

/** POST /api/organiser/organisations: a new organisation, pending until a Marquee operator approves it. */
export const OrganisationCreateBodySchema = z.strictObject({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(120, 'must be at most 120 characters'),
  slug: OrganisationSlugSchema.refine((slug) => !RESERVED_ORGANISATION_SLUGS.has(slug), 'is reserved: choose another'),
  country: z.enum(COUNTRIES, { error: `must be one of ${COUNTRIES.join(', ')}` }),
  contact_email: z.email({ error: 'must be an e-mail address' }).max(254),
});
export type OrganisationCreateBody = z.infer<typeof OrganisationCreateBodySchema>;

/** At most this many organisations one account may have waiting for approval. */
export const MAX_PENDING_ORGANISATIONS_PER_USER = 3;

export const OperatorOrganisationSchema = z.object({
  slug: OrganisationSlugSchema,
  name: z.string(),
  country: z.enum(COUNTRIES),
  status: OrganisationStatusSchema,
  contact_email: z.string().nullable(),
  created_at: InstantSchema,
  approved_at: InstantSchema.nullable(),
  event_count: z.number().int().nonnegative(),
  owners: z.array(z.string()),
});
export const OperatorOrganisationListSchema = z.object({ organisations: z.array(OperatorOrganisationSchema) });
export const OperatorOrganisationParamsSchema = z.object({ org: OrganisationSlugSchema });
export const OperatorOrganisationStatusBodySchema = z.strictObject({
  to: z.enum(['approved', 'suspended'], { error: 'must be approved or suspended' }),
  /** Required to suspend: kept in the audit log and on the unpublished events. */
  reason: z.string().trim().min(3, 'must say why').max(500).optional(),
});
export const OperatorEventParamsSchema = z.object({ eventUid: z.string().min(1).max(40) });
export const OperatorUnpublishBodySchema = z.strictObject({
  reason: z.string().trim().min(3, 'must say why').max(500, 'must be at most 500 characters'),
});
/** An operator's switch of an event's waiting room (issue 23; decisions/048), with its rate when given. */
export const OperatorWaitingRoomBodySchema = z.strictObject({
  enabled: z.boolean({ error: 'must be true or false' }),
  admit_per_minute: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(10, 'must be at least 10')
    .max(100_000, 'must be at most 100,000')
    .optional(),
});

/* ------------------------------------------------------------------ import */

/** POST /api/organiser/{org}/imports: the JSON importer's file (`@marquee/domain/import`), tried or applied. */
export const ConsoleImportBodySchema = z.strictObject({
  /** true: check everything against the database and write nothing (the default). */
  dry_run: z.boolean({ error: 'must be true or false' }).default(true),
  /** The file's content, validated by the importer (its problems come back under `file.…` paths). */
  file: z.unknown(),
});
export const CONSOLE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const ConsoleImportAnswerSchema = z.object({
  dry_run: z.boolean(),
  /** Each as a draft, with its console address. */
  events: z.array(z.object({ uid: z.string(), name: z.string() })),
  venues_created: z.array(z.object({ id: IdSchema, name: z.string(), city: z.string() })),
  ticket_packages: z.number().int().nonnegative(),
  promo_codes: z.number().int().nonnegative(),
});
export type ConsoleImportAnswer = z.infer<typeof ConsoleImportAnswerSchema>;
