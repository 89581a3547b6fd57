import type { FieldError, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { EventFieldsSchema, type EventFields, type EventFieldsPatch } from '@marquee/domain/authoring';
import type { EventType } from '@marquee/domain/categories';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { DEFAULT_ADMIT_PER_MINUTE } from '@marquee/domain/queue';
import { amountText, dateTimeParts, minorUnitsOf, wallClockOf } from './form-inputs';

/**
 * The event form's values as typed: the category and venue as a select gives them (text, empty for "choose"),
 * the handling cost in major units, start and end as a date and a time each, the payment options as the ticked
 * boxes' values. `checkEventForm` turns them into the API's EventFields and judges them with the server's own
 * schema (EventFieldsSchema), so both refuse the same values with the same words.
 */
export interface EventFormValues {
  name: string;
  type: EventType | '';
  description: string;
  artists: string[];
  venue_id: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  handling_cost: string;
  payment_gateway_ids: string[];
  featured: boolean;
  free_event: boolean;
  /** High demand: the sale is behind a waiting room (issue 23). */
  waiting_room: boolean;
  /** Buyers let in per minute, as typed (asked only with a waiting room). */
  admit_per_minute: string;
}

/** A form field that shows messages (the start's date input carries the start's, as the end's does the end's). */
export type EventFormField = Exclude<keyof EventFormValues, 'start_time' | 'end_time'>;

/** Where each API field's messages show in the form (`artists.2` stays under its artist). */
const API_TO_FORM: Record<keyof EventFields, EventFormField> = {
  name: 'name',
  type: 'type',
  description: 'description',
  artists: 'artists',
  venue_id: 'venue_id',
  start_local: 'start_date',
  end_local: 'end_date',
  handling_cost: 'handling_cost',
  payment_gateway_ids: 'payment_gateway_ids',
  featured: 'featured',
  free_event: 'free_event',
  waiting_room: 'waiting_room',
  admit_per_minute: 'admit_per_minute',
};

function isApiField(key: string): key is keyof EventFields {
  return key in API_TO_FORM;
}

/** A server or schema path (`start_local`, `artists.2`) as the form's field path; null for none of its fields. */
export function eventFormPathOf(path: string): string | null {
  const [head = '', ...rest] = path.split('.');
  if (!isApiField(head)) return null;
  return [API_TO_FORM[head], ...rest].join('.');
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  name: '',
  type: '',
  description: '',
  artists: [],
  venue_id: '',
  start_date: '',
  start_time: '',
  end_date: '',
  end_time: '',
  handling_cost: '',
  payment_gateway_ids: [],
  featured: false,
  free_event: false,
  waiting_room: false,
  admit_per_minute: String(DEFAULT_ADMIT_PER_MINUTE),
};

/** The form as an existing event fills it. */
export function eventFormValuesOf(event: ConsoleEventAnswer): EventFormValues {
  const start = dateTimeParts(event.start_local);
  const end = dateTimeParts(event.end_local);
  return {
    name: event.name,
    type: event.type,
    description: event.description,
    artists: [...event.artists],
    venue_id: String(event.venue.id),
    start_date: start.date,
    start_time: start.time,
    end_date: end.date,
    end_time: end.time,
    handling_cost: event.handling_cost === 0 ? '' : amountText(event.handling_cost),
    payment_gateway_ids: event.payment_gateway_ids.map(String),
    featured: event.featured,
    free_event: event.free_event,
    waiting_room: event.waiting_room ?? false,
    admit_per_minute: String(event.admit_per_minute ?? DEFAULT_ADMIT_PER_MINUTE),
  };
}

/** The rate as typed ("1,200" too), or NaN for anything but a whole number (the schema's message then says so). */
function admitPerMinuteOf(text: string): number {
  const digits = text.trim().replace(/,/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

export type EventFormCheck = { ok: true; fields: EventFields } | { ok: false; errors: Record<string, string[]> };

const CHOOSE = { type: 'must be chosen', venue_id: 'must be chosen: add a venue first if there is none' } as const;

/**
 * The form's values as EventFields, or its messages by form path. What only the form can get wrong (text that
 * is not money, a date without its time, nothing chosen) is said first; the rest is the shared schema's.
 */
export function checkEventForm(values: EventFormValues): EventFormCheck {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);

  const start = wallClockOf({ date: values.start_date, time: values.start_time });
  const end = wallClockOf({ date: values.end_date, time: values.end_time });
  const cost = minorUnitsOf(values.handling_cost);
  if (!start.ok) add('start_date', start.message);
  else if (start.value === null) add('start_date', 'must be set: the day and time it starts');
  if (!end.ok) add('end_date', end.message);
  if (!cost.ok) add('handling_cost', cost.message);
  if (values.type === '') add('type', CHOOSE.type);
  if (values.venue_id === '') add('venue_id', CHOOSE.venue_id);

  const body = {
    name: values.name,
    type: values.type,
    description: values.description,
    artists: values.artists,
    venue_id: values.venue_id === '' ? 0 : Number(values.venue_id),
    start_local: start.ok ? (start.value ?? '') : '',
    end_local: end.ok ? end.value : null,
    handling_cost: cost.ok ? cost.value : 0,
    payment_gateway_ids: values.payment_gateway_ids.map(Number),
    featured: values.featured,
    free_event: values.free_event,
    // Sent with a waiting room only (none is the default); its rate is asked and judged only then, and without
    // one the stored rate stays as it was.
    ...(values.waiting_room ? { waiting_room: true, admit_per_minute: admitPerMinuteOf(values.admit_per_minute) } : {}),
  };
  const parsed = EventFieldsSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = eventFormPathOf(issue.path.map(String).join('.'));
      // A field already refused above keeps its own words (the schema would only say it again, worse).
      if (path === null || errors[path.split('.')[0] ?? ''] !== undefined) continue;
      add(path, issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, fields: parsed.data };
}

/** react-hook-form's resolver over `checkEventForm` (the venue form's zodResolver does the same for its schema). */
export const eventFormResolver: Resolver<EventFormValues, unknown, EventFields> = (values, _context, options) => {
  const check = checkEventForm(values);
  if (check.ok) return { values: check.fields, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const [path, messages] of Object.entries(check.errors)) {
    flat[path] = { type: 'validate', message: messages.join(' ') };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The fields that differ from the event's: what a PATCH sends (nothing: an empty object). */
export function changedEventFields(event: ConsoleEventAnswer, fields: EventFields): EventFieldsPatch {
  const patch: EventFieldsPatch = {};
  if (fields.name !== event.name) patch.name = fields.name;
  if (fields.type !== event.type) patch.type = fields.type;
  if (fields.description !== event.description) patch.description = fields.description;
  if (!sameList(fields.artists, event.artists)) patch.artists = fields.artists;
  if (fields.venue_id !== event.venue.id) patch.venue_id = fields.venue_id;
  if (fields.start_local !== event.start_local) patch.start_local = fields.start_local;
  if (fields.end_local !== event.end_local) patch.end_local = fields.end_local;
  if (fields.handling_cost !== event.handling_cost) patch.handling_cost = fields.handling_cost;
  if (!sameList(fields.payment_gateway_ids, event.payment_gateway_ids)) {
    patch.payment_gateway_ids = fields.payment_gateway_ids;
  }
  if (fields.featured !== event.featured) patch.featured = fields.featured;
  if (fields.free_event !== event.free_event) patch.free_event = fields.free_event;
  const hasWaitingRoom = fields.waiting_room ?? false;
  if (hasWaitingRoom !== (event.waiting_room ?? false)) patch.waiting_room = hasWaitingRoom;
  if (
    fields.admit_per_minute !== undefined &&
    fields.admit_per_minute !== (event.admit_per_minute ?? DEFAULT_ADMIT_PER_MINUTE)
  ) {
    patch.admit_per_minute = fields.admit_per_minute;
  }
  return patch;
}
