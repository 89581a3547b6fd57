import { z } from 'zod';
import {
  FlagFieldSchema,
  MinorUnitsFieldSchema,
  PositiveWholeFieldSchema,
  WallClockFieldSchema,
  WholeNumberFieldSchema,
  requiredTextFieldSchema,
  textFieldSchema,
} from './fields.schema';
import { endsAfterStart, resolveWallClock, wallClockEndsAfterStart, type FieldIssue } from './rules';

/**
 * A ticket package's fields as an organiser writes them. Its sale window is optional at both ends (absent:
 * from publishing, until the event closes) and is written, like the event's times, as the venue's clocks read
 * it. A seated package's seats are assigned on the map apart; its capacity is then its seat count.
 */
export const TICKET_PACKAGE_FIELDS = {
  name: requiredTextFieldSchema(120),
  description: textFieldSchema(1000),
  /** Minor units; 0 for a free package. */
  price: MinorUnitsFieldSchema,
  /** Tickets for sale: required without a seat map; a seated package counts its seats (null). */
  capacity: WholeNumberFieldSchema.max(1_000_000, 'must be at most 1000000').nullable(),
  max_per_order: PositiveWholeFieldSchema.max(100, 'must be at most 100'),
  sale_start_local: WallClockFieldSchema.nullable(),
  sale_end_local: WallClockFieldSchema.nullable(),
  active: FlagFieldSchema,
  /** Shown to buyers instead of the counter while the package is inactive. */
  inactive_message: textFieldSchema(200).nullable(),
  /** Seated venues: buyers take a count (a table, a standing area) instead of picking seats. */
  free_seating: FlagFieldSchema,
};

export const TICKET_PACKAGE_MESSAGES = {
  saleEndAfterSaleStart: 'must be after the sale start',
} as const;

interface SaleWindow {
  sale_start_local?: string | null | undefined;
  sale_end_local?: string | null | undefined;
}

function refineSaleWindow(fields: SaleWindow, ctx: z.RefinementCtx): void {
  if (
    fields.sale_start_local &&
    fields.sale_end_local &&
    !wallClockEndsAfterStart(fields.sale_start_local, fields.sale_end_local)
  ) {
    ctx.addIssue({ code: 'custom', path: ['sale_end_local'], message: TICKET_PACKAGE_MESSAGES.saleEndAfterSaleStart });
  }
}

/** Creating a package. */
export const TicketPackageFieldsSchema = z
  .strictObject({
    ...TICKET_PACKAGE_FIELDS,
    description: TICKET_PACKAGE_FIELDS.description.default(''),
    capacity: TICKET_PACKAGE_FIELDS.capacity.default(null),
    max_per_order: TICKET_PACKAGE_FIELDS.max_per_order.default(10),
    sale_start_local: TICKET_PACKAGE_FIELDS.sale_start_local.default(null),
    sale_end_local: TICKET_PACKAGE_FIELDS.sale_end_local.default(null),
    active: TICKET_PACKAGE_FIELDS.active.default(true),
    inactive_message: TICKET_PACKAGE_FIELDS.inactive_message.default(null),
    free_seating: TICKET_PACKAGE_FIELDS.free_seating.default(false),
  })
  .superRefine(refineSaleWindow);
export type TicketPackageFields = z.infer<typeof TicketPackageFieldsSchema>;
export type TicketPackageFieldsInput = z.input<typeof TicketPackageFieldsSchema>;

/** Changing a package: any of its fields, none defaulted (the service checks the merged package again). */
export const TicketPackageFieldsPatchSchema = z
  .strictObject(TICKET_PACKAGE_FIELDS)
  .partial()
  .superRefine(refineSaleWindow);
export type TicketPackageFieldsPatch = z.infer<typeof TicketPackageFieldsPatchSchema>;

export interface SaleWindowInstants {
  sale_starts_at: Date | null;
  sale_ends_at: Date | null;
}

/** A package's wall-clock sale window as instants in the venue's zone (refusing times the clocks skip). */
export function resolveSaleWindow(
  fields: { sale_start_local: string | null; sale_end_local: string | null },
  timeZone: string,
): { ok: true; value: SaleWindowInstants } | { ok: false; issues: FieldIssue[] } {
  const start = resolveWallClock(fields.sale_start_local, timeZone);
  const end = resolveWallClock(fields.sale_end_local, timeZone);
  const issues: FieldIssue[] = [];
  if (!start.ok) issues.push({ path: ['sale_start_local'], message: start.message });
  if (!end.ok) issues.push({ path: ['sale_end_local'], message: end.message });
  if (!start.ok || !end.ok) return { ok: false, issues };
  if (start.instant !== null && end.instant !== null && !endsAfterStart(start.instant, end.instant)) {
    return {
      ok: false,
      issues: [{ path: ['sale_end_local'], message: TICKET_PACKAGE_MESSAGES.saleEndAfterSaleStart }],
    };
  }
  return { ok: true, value: { sale_starts_at: start.instant, sale_ends_at: end.instant } };
}

/** `TicketPackageFieldsSchema` for an event at a venue in `timeZone`: the fields, plus the sale window as instants. */
export function ticketPackageFieldsInZone(timeZone: string) {
  return TicketPackageFieldsSchema.transform((fields, ctx): TicketPackageFields & SaleWindowInstants => {
    const window = resolveSaleWindow(fields, timeZone);
    if (!window.ok) {
      for (const issue of window.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...fields, ...window.value };
  });
}
