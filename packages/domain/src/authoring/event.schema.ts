import { z } from 'zod';
import {
  ArtistsFieldSchema,
  EventTypeFieldSchema,
  FIELD_MESSAGES,
  FlagFieldSchema,
  IdFieldSchema,
  MinorUnitsFieldSchema,
  WallClockFieldSchema,
  requiredTextFieldSchema,
  textFieldSchema,
} from './fields.schema';
import { endsAfterStart, resolveWallClock, wallClockEndsAfterStart, type FieldIssue } from './rules';
import { MAX_ADMIT_PER_MINUTE, MIN_ADMIT_PER_MINUTE } from '../queue/queue.schema';

const ADMIT_PER_MINUTE_MESSAGE = `must be a whole number from ${MIN_ADMIT_PER_MINUTE} to ${MAX_ADMIT_PER_MINUTE.toLocaleString('en-US')}`;

/**
 * An event's fields as an organiser writes them. Start and end are wall-clock times in the venue's zone
 * (`start_local: '2026-12-31T19:30'`); `eventFieldsInZone(zone)` turns them into instants once the venue is
 * known. The currency is not a field: it is the venue's country's (`currencyOfCountry`). Images are uploaded
 * apart, and the status changes only through the lifecycle (lifecycle.ts).
 */
export const EVENT_FIELDS = {
  name: requiredTextFieldSchema(200),
  /** The category (concerts, theatre, dance, uni-events). */
  type: EventTypeFieldSchema,
  description: textFieldSchema(5000),
  artists: ArtistsFieldSchema,
  venue_id: IdFieldSchema,
  start_local: WallClockFieldSchema,
  end_local: WallClockFieldSchema.nullable(),
  /** Minor units added to every paid order (spec: the Convenience Fee). */
  handling_cost: MinorUnitsFieldSchema,
  /** The payment options offered; a paid event needs one before it is published (the checklist says so). */
  payment_gateway_ids: z
    .array(IdFieldSchema, { error: FIELD_MESSAGES.paymentGatewayIds })
    .max(10, 'must list at most 10 payment gateways')
    .refine((ids) => new Set(ids).size === ids.length, 'must list each payment gateway once'),
  featured: FlagFieldSchema,
  /** Every package is free (price 0), and buyers pay nothing. */
  free_event: FlagFieldSchema,
  /** High demand: the sale is behind a waiting room (issue 23; decisions/048). */
  waiting_room: FlagFieldSchema,
  /** Buyers the waiting room lets in per minute (the server lowers it while placing orders is slow). */
  admit_per_minute: z
    .number({ error: ADMIT_PER_MINUTE_MESSAGE })
    .int(ADMIT_PER_MINUTE_MESSAGE)
    .min(MIN_ADMIT_PER_MINUTE, ADMIT_PER_MINUTE_MESSAGE)
    .max(MAX_ADMIT_PER_MINUTE, ADMIT_PER_MINUTE_MESSAGE),
};

interface EventTimes {
  start_local?: string | undefined;
  end_local?: string | null | undefined;
}

export const EVENT_MESSAGES = {
  endAfterStart: 'must be after the start',
} as const;

function refineEventFields(fields: EventTimes, ctx: z.RefinementCtx): void {
  if (fields.start_local && fields.end_local && !wallClockEndsAfterStart(fields.start_local, fields.end_local)) {
    ctx.addIssue({ code: 'custom', path: ['end_local'], message: EVENT_MESSAGES.endAfterStart });
  }
}

/** Creating an event (a draft). */
export const EventFieldsSchema = z
  .strictObject({
    ...EVENT_FIELDS,
    description: EVENT_FIELDS.description.default(''),
    artists: EVENT_FIELDS.artists.default([]),
    end_local: EVENT_FIELDS.end_local.default(null),
    handling_cost: EVENT_FIELDS.handling_cost.default(0),
    payment_gateway_ids: EVENT_FIELDS.payment_gateway_ids.default([]),
    featured: EVENT_FIELDS.featured.default(false),
    free_event: EVENT_FIELDS.free_event.default(false),
    // Optional until every writer sends them (the server's defaults: off, DEFAULT_ADMIT_PER_MINUTE).
    waiting_room: EVENT_FIELDS.waiting_room.optional(),
    admit_per_minute: EVENT_FIELDS.admit_per_minute.optional(),
  })
  .superRefine(refineEventFields);
export type EventFields = z.infer<typeof EventFieldsSchema>;
export type EventFieldsInput = z.input<typeof EventFieldsSchema>;

/**
 * Changing an event: any of its fields, none defaulted. The rules between fields hold only among the fields
 * sent; the service checks the merged event again (`EventFieldsSchema` over stored values and the change).
 */
export const EventFieldsPatchSchema = z.strictObject(EVENT_FIELDS).partial().superRefine(refineEventFields);
export type EventFieldsPatch = z.infer<typeof EventFieldsPatchSchema>;

export interface EventInstants {
  starts_at: Date;
  ends_at: Date | null;
}

/**
 * An event's wall-clock start and end as instants in the venue's zone. Refuses a time the clocks skip, and an
 * end that is not after the start as instants (the wall clocks may look in order across the hour that happens
 * twice when the clocks go back).
 */
export function resolveEventTimes(
  fields: { start_local: string; end_local: string | null },
  timeZone: string,
): { ok: true; value: EventInstants } | { ok: false; issues: FieldIssue[] } {
  const start = resolveWallClock(fields.start_local, timeZone);
  const end = resolveWallClock(fields.end_local, timeZone);
  const issues: FieldIssue[] = [];
  if (!start.ok) issues.push({ path: ['start_local'], message: start.message });
  if (!end.ok) issues.push({ path: ['end_local'], message: end.message });
  if (!start.ok || !end.ok) return { ok: false, issues };
  if (end.instant !== null && !endsAfterStart(start.instant, end.instant)) {
    return { ok: false, issues: [{ path: ['end_local'], message: EVENT_MESSAGES.endAfterStart }] };
  }
  return { ok: true, value: { starts_at: start.instant, ends_at: end.instant } };
}

/** `EventFieldsSchema` for a venue in `timeZone`: the fields, plus their start and end as instants. */
export function eventFieldsInZone(timeZone: string) {
  return EventFieldsSchema.transform((fields, ctx): EventFields & EventInstants => {
    const times = resolveEventTimes(fields, timeZone);
    if (!times.ok) {
      for (const issue of times.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...fields, ...times.value };
  });
}
