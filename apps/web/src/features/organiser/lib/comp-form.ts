import type { ConsolePackage } from '@marquee/domain/console';
import { CompRequestSchema, type CompRequest } from '@marquee/domain/comps';

/** The comp form as typed: text, as the inputs hold it. */
export interface CompDraft {
  eventUid: string;
  packageId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  quantity: string;
  /** Seat ids of a seated package, separated by commas, spaces or new lines. */
  seats: string;
  note: string;
}

export type CompField = keyof CompDraft;

export const EMPTY_COMP_DRAFT: CompDraft = {
  eventUid: '',
  packageId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  quantity: '1',
  seats: '',
  note: '',
};

/** The request's keys (the server's 422 `errors`) as the form's fields. */
export const COMP_FIELD_OF_KEY: Record<string, CompField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  package_id: 'packageId',
  quantity: 'quantity',
  seat_ids: 'seats',
  note: 'note',
};

/** Whether a package's seats are numbered: a comp of it names them (the server refuses it otherwise). */
export function isSeatedPackage(pkg: Pick<ConsolePackage, 'seat_ids' | 'free_seating'>): boolean {
  return pkg.seat_ids.length > 0 && !pkg.free_seating;
}

/** Tickets a package has left for sale or comps now. */
export function ticketsLeft(pkg: Pick<ConsolePackage, 'capacity' | 'sold' | 'held'>): number {
  return Math.max(0, pkg.capacity - pkg.sold - pkg.held);
}

export function parseSeatIds(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((seat) => seat.trim())
    .filter((seat) => seat !== '');
}

/**
 * The request from the form, checked by the server's own schema; or the messages by field. Seats are sent only for
 * a seated package.
 */
export function compRequestOf(
  draft: CompDraft,
  isSeated: boolean,
): { ok: true; request: CompRequest } | { ok: false; errors: Partial<Record<CompField, string>> } {
  const errors: Partial<Record<CompField, string>> = {};
  if (draft.eventUid === '') errors.eventUid = 'Choose the event.';
  const quantity = /^\d{1,3}$/.test(draft.quantity.trim()) ? Number(draft.quantity.trim()) : Number.NaN;
  const result = CompRequestSchema.safeParse({
    first_name: draft.firstName,
    last_name: draft.lastName,
    email: draft.email,
    ...(draft.phone.trim() === '' ? {} : { phone: draft.phone }),
    package_id: draft.packageId === '' ? undefined : Number(draft.packageId),
    quantity,
    ...(isSeated ? { seat_ids: parseSeatIds(draft.seats) } : {}),
    note: draft.note,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = COMP_FIELD_OF_KEY[String(issue.path[0] ?? '')];
      if (field) errors[field] ??= issue.message;
    }
  }
  if (result.success && isSeated && (result.data.seat_ids ?? []).length !== result.data.quantity) {
    errors.seats = `Name ${result.data.quantity === 1 ? 'one seat' : `${result.data.quantity} seats`}, one per ticket.`;
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: result.data };
}
