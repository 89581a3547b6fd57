import type { FieldError, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  TicketPackageFieldsSchema,
  type TicketPackageFields,
  type TicketPackageFieldsPatch,
} from '@marquee/domain/authoring';
import type { ConsolePackage } from '@marquee/domain/console';
import { amountText, dateTimeParts, minorUnitsOf, wallClockOf, wholeNumberOf } from './form-inputs';

/** A ticket package's form as typed (money in major units, numbers as text, the sale window as dates and times). */
export interface PackageFormValues {
  name: string;
  description: string;
  price: string;
  capacity: string;
  max_per_order: string;
  sale_start_date: string;
  sale_start_time: string;
  sale_end_date: string;
  sale_end_time: string;
  active: boolean;
  inactive_message: string;
  free_seating: boolean;
}

export type PackageFormField = Exclude<keyof PackageFormValues, 'sale_start_time' | 'sale_end_time'>;

const API_TO_FORM: Record<keyof TicketPackageFields, PackageFormField> = {
  name: 'name',
  description: 'description',
  price: 'price',
  capacity: 'capacity',
  max_per_order: 'max_per_order',
  sale_start_local: 'sale_start_date',
  sale_end_local: 'sale_end_date',
  active: 'active',
  inactive_message: 'inactive_message',
  free_seating: 'free_seating',
};

function isApiField(key: string): key is keyof TicketPackageFields {
  return key in API_TO_FORM;
}

/** A server or schema path as the form's field; null for none of its fields. */
export function packageFormPathOf(path: string): PackageFormField | null {
  const [head = ''] = path.split('.');
  return isApiField(head) ? API_TO_FORM[head] : null;
}

/** What the form needs to know of the event: whether seats are picked on a map, and whether it is free. */
export interface PackageFormContext {
  hasSeatMap: boolean;
  isFreeEvent: boolean;
}

/** A seated package (a map, and not free seating) counts its seats: it has no capacity field of its own. */
export function isSeatedForm(values: Pick<PackageFormValues, 'free_seating'>, context: PackageFormContext): boolean {
  return context.hasSeatMap && !values.free_seating;
}

export function newPackageFormValues(context: PackageFormContext): PackageFormValues {
  return {
    name: '',
    description: '',
    price: context.isFreeEvent ? '0.00' : '',
    capacity: '',
    max_per_order: '10',
    sale_start_date: '',
    sale_start_time: '',
    sale_end_date: '',
    sale_end_time: '',
    active: true,
    inactive_message: '',
    free_seating: false,
  };
}

export function packageFormValuesOf(pkg: ConsolePackage): PackageFormValues {
  const start = dateTimeParts(pkg.sale_start_local);
  const end = dateTimeParts(pkg.sale_end_local);
  return {
    name: pkg.name,
    description: pkg.description,
    price: amountText(pkg.price),
    capacity: String(pkg.capacity),
    max_per_order: String(pkg.max_per_order),
    sale_start_date: start.date,
    sale_start_time: start.time,
    sale_end_date: end.date,
    sale_end_time: end.time,
    active: pkg.active,
    inactive_message: pkg.inactive_message ?? '',
    free_seating: pkg.free_seating,
  };
}

export type PackageFormCheck =
  { ok: true; fields: TicketPackageFields } | { ok: false; errors: Record<string, string[]> };

/** The form as TicketPackageFields, judged by the server's schema; or its messages by form field. */
export function checkPackageForm(values: PackageFormValues, context: PackageFormContext): PackageFormCheck {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const price =
    values.price.trim() === ''
      ? ({ ok: false, message: 'must be set (0 for a free package)' } as const)
      : minorUnitsOf(values.price);
  const start = wallClockOf({ date: values.sale_start_date, time: values.sale_start_time });
  const end = wallClockOf({ date: values.sale_end_date, time: values.sale_end_time });
  const isSeated = isSeatedForm(values, context);
  const capacity = isSeated ? null : wholeNumberOf(values.capacity);
  if (!price.ok) add('price', price.message);
  if (!start.ok) add('sale_start_date', start.message);
  if (!end.ok) add('sale_end_date', end.message);
  if (!isSeated && capacity === null) add('capacity', 'must be set: how many tickets are for sale');
  const message = values.inactive_message.trim();

  const body = {
    name: values.name,
    description: values.description,
    price: price.ok ? price.value : 0,
    capacity,
    max_per_order: wholeNumberOf(values.max_per_order) ?? Number.NaN,
    sale_start_local: start.ok ? start.value : null,
    sale_end_local: end.ok ? end.value : null,
    active: values.active,
    // Shown to buyers only while the package is inactive; kept as typed either way.
    inactive_message: message === '' ? null : values.inactive_message,
    // Without a seat map the form has no such box: the package keeps what it has (the server stores every
    // package there as free seating), so an edit does not send a change nobody made.
    free_seating: values.free_seating,
  };
  const parsed = TicketPackageFieldsSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = packageFormPathOf(issue.path.map(String).join('.'));
      if (path === null || errors[path] !== undefined) continue;
      add(path, issue.message);
    }
  }
  if (context.isFreeEvent && parsed.success && parsed.data.price > 0) add('price', 'must be 0: the event is free');
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, fields: parsed.data };
}

export function packageFormResolver(
  context: PackageFormContext,
): Resolver<PackageFormValues, unknown, TicketPackageFields> {
  return (values, _context, options) => {
    const check = checkPackageForm(values, context);
    if (check.ok) return { values: check.fields, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const [path, messages] of Object.entries(check.errors)) {
      flat[path] = { type: 'validate', message: messages.join(' ') };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * The fields that differ from the package's: what a PATCH sends. A seated package's capacity is its seat
 * count, never sent.
 */
export function changedPackageFields(pkg: ConsolePackage, fields: TicketPackageFields): TicketPackageFieldsPatch {
  const patch: TicketPackageFieldsPatch = {};
  if (fields.name !== pkg.name) patch.name = fields.name;
  if (fields.description !== pkg.description) patch.description = fields.description;
  if (fields.price !== pkg.price) patch.price = fields.price;
  if (fields.capacity !== null && fields.capacity !== pkg.capacity) patch.capacity = fields.capacity;
  if (fields.max_per_order !== pkg.max_per_order) patch.max_per_order = fields.max_per_order;
  if (fields.sale_start_local !== pkg.sale_start_local) patch.sale_start_local = fields.sale_start_local;
  if (fields.sale_end_local !== pkg.sale_end_local) patch.sale_end_local = fields.sale_end_local;
  if (fields.active !== pkg.active) patch.active = fields.active;
  if (fields.inactive_message !== pkg.inactive_message) patch.inactive_message = fields.inactive_message;
  if (fields.free_seating !== pkg.free_seating) patch.free_seating = fields.free_seating;
  return patch;
}
