import {
  type PromoCodeAnswer,
  type PromoGenerateInput,
  type PromoKind,
  type PromoUpdateBody,
} from '@marquee/domain/promotions-console';
import { instantToZonedWallClock, zonedWallClockToInstant } from '@marquee/domain/zoned-time';
import { placeServerErrors } from './field-errors';
import { amountText, minorUnitsOf, wholeNumberOf } from './form-inputs';

/**
 * The promo code forms of the console (issue 22): a code's rule as typed (numbers and money as text, times as
 * the venue's clocks read them) and as the API takes it, for making one, N, or changing one.
 */

export interface RuleFormValues {
  kind: PromoKind;
  value: string;
  package_ids: string[];
  valid_from: string;
  valid_to: string;
  max_uses: string;
  max_uses_per_email: string;
  active: boolean;
}
export type RuleField = keyof RuleFormValues;

export const EMPTY_RULE: RuleFormValues = {
  kind: 'percent',
  value: '',
  package_ids: [],
  valid_from: '',
  valid_to: '',
  max_uses: '',
  max_uses_per_email: '',
  active: true,
};

/** The rule's fields, in the form's order: the fields the server may name in a refusal of any promo code form. */
export const RULE_FIELDS: readonly RuleField[] = [
  'kind',
  'value',
  'package_ids',
  'valid_from',
  'valid_to',
  'max_uses',
  'max_uses_per_email',
  'active',
];

export type RuleBody = Omit<PromoGenerateInput, 'count' | 'prefix'>;

/** The rule's body from the form, or the field and message of what cannot be read. */
export function ruleBodyOf(
  values: RuleFormValues,
  timeZone: string,
): { ok: true; body: Required<RuleBody> } | { ok: false; field: RuleField; message: string } {
  let value: number;
  if (values.kind === 'fixed') {
    const amount = minorUnitsOf(values.value);
    if (!amount.ok) return { ok: false, field: 'value', message: `Value ${amount.message}` };
    value = amount.value;
  } else {
    value = wholeNumberOf(values.value) ?? 0;
  }
  const instants: Partial<Record<'valid_from' | 'valid_to', string | null>> = {};
  for (const field of ['valid_from', 'valid_to'] as const) {
    if (values[field] === '') {
      instants[field] = null;
      continue;
    }
    const found = zonedWallClockToInstant(values[field], timeZone);
    if (!found.ok) return { ok: false, field, message: 'This date and time does not exist at the venue.' };
    instants[field] = found.instant.toISOString();
  }
  return {
    ok: true,
    body: {
      kind: values.kind,
      value,
      package_ids: values.package_ids.map(Number),
      valid_from: instants.valid_from ?? null,
      valid_to: instants.valid_to ?? null,
      max_uses: wholeNumberOf(values.max_uses),
      max_uses_per_email: wholeNumberOf(values.max_uses_per_email),
      active: values.active,
    },
  };
}

const wallClockOf = (iso: string | null, timeZone: string) =>
  iso === null ? '' : instantToZonedWallClock(new Date(iso), timeZone);

/** A code as the edit form shows it. */
export function formValuesOf(code: PromoCodeAnswer, timeZone: string): RuleFormValues & { auto_apply: boolean } {
  return {
    kind: code.kind,
    value: code.kind === 'fixed' ? amountText(code.value) : String(code.value),
    package_ids: code.package_ids.map(String),
    valid_from: wallClockOf(code.valid_from, timeZone),
    valid_to: wallClockOf(code.valid_to, timeZone),
    max_uses: code.max_uses === null ? '' : String(code.max_uses),
    max_uses_per_email: code.max_uses_per_email === null ? '' : String(code.max_uses_per_email),
    active: code.active,
    auto_apply: code.auto_apply,
  };
}

const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/**
 * The PATCH body: only what the form changed, so a code with uses is not sent its kind and value (the server
 * refuses a change of them, not their sending) and a time not touched is not moved by a minute's rounding.
 */
export function changesOf(code: PromoCodeAnswer, body: Required<RuleBody>, autoApply: boolean): PromoUpdateBody {
  const changes: PromoUpdateBody = {};
  if (body.kind !== code.kind) changes.kind = body.kind;
  if (body.value !== code.value || changes.kind !== undefined) changes.value = body.value;
  if (!sameIds(body.package_ids, code.package_ids)) changes.package_ids = body.package_ids;
  if (!sameInstant(body.valid_from, code.valid_from)) changes.valid_from = body.valid_from;
  if (!sameInstant(body.valid_to, code.valid_to)) changes.valid_to = body.valid_to;
  if (body.max_uses !== code.max_uses) changes.max_uses = body.max_uses;
  if (body.max_uses_per_email !== code.max_uses_per_email) changes.max_uses_per_email = body.max_uses_per_email;
  if (body.active !== code.active) changes.active = body.active;
  if (autoApply !== code.auto_apply) changes.auto_apply = autoApply;
  return changes;
}

/** Why a code's kind and value are fixed: it has been used (the server refuses their change then). */
export function lockedRuleReason(code: PromoCodeAnswer): string | null {
  return code.used_count > 0
    ? `Used ${code.used_count === 1 ? 'once' : `${code.used_count} times`}: its kind and value can no longer change. Deactivate it and make another to offer a different discount.`
    : null;
}

/** Why a code cannot be deleted: it has been used (deactivate it instead). */
export function undeletableReason(code: PromoCodeAnswer): string | null {
  return code.used_count > 0 || code.usage.orders > 0
    ? 'It has been used, so it stays for the orders that name it. Deactivate it instead.'
    : null;
}

/** The server's key (`package_ids.0`) as the form's field. */
export function fieldOfKey<Field extends string>(fields: readonly Field[], key: string): Field | null {
  const head = key.split('.')[0] ?? '';
  return (fields as readonly string[]).includes(head) ? (head as Field) : null;
}

/** A promo code form's refusal by the server: each named field's message under it, the rest for the form. */
export function placePromotionRefusal<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setFieldError: (field: Field, message: string) => void,
): string[] {
  return placeServerErrors(error, (key) => fieldOfKey(fields, key), setFieldError);
}
