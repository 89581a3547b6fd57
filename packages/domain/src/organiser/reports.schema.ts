import { z } from 'zod';
import { EventLifecycleStatusSchema } from '../authoring/lifecycle';
import { CurrencySchema, MinorUnitsSchema } from '../money/money';

/**
 * The console's sales reports (issue 22): `GET /api/organiser/{org}/events/{eventUid}/report` (one event) and
 * `GET /api/organiser/{org}/report` (the organisation's events in the member's scope). The server serialises
 * with these and the console parses with them.
 *
 * What is counted, once for every figure:
 * - a sale is an order of kind `sale` whose payment went through (status complete or verified);
 * - `gross` is what those orders were charged (their totals), `refunded` what the console's refunds gave back,
 *   `revenue` is gross less refunded. Amounts are minor units of one currency, never added across currencies;
 * - `tickets_sold` counts the sales' tickets that still admit (a refund's voided tickets are not sold);
 * - `comps` counts the tickets of comp orders (free, issued by the box office) that still admit: never revenue;
 * - a day is the local day of the venue where the event is (an order at 23:30 in Colombo is that Colombo day),
 *   the day the order was paid; a refund is taken off its order's day, so the days add up to the totals.
 */

const InstantSchema = z.string();
const CountSchema = z.number().int().nonnegative();
/** A local day, `2026-12-31`. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Refresh the console asks for while a report is on screen (the numbers are live: holds come and go). */
export const REPORT_REFRESH_MS = 15_000;

/** Money and tickets of a set of orders in one currency. */
export const SalesTotalsSchema = z.object({
  tickets_sold: CountSchema,
  /** Gross less refunded. */
  revenue: MinorUnitsSchema,
  gross: MinorUnitsSchema,
  refunded: MinorUnitsSchema,
  /** Promo codes' discounts on the sales. */
  discount_given: MinorUnitsSchema,
  /** Paid sales (orders). */
  orders: CountSchema,
  /** Comp tickets that still admit. */
  comps: CountSchema,
  /** Refunds given (each refund of the console once, pending or done). */
  refunds_count: CountSchema,
});
export type SalesTotals = z.infer<typeof SalesTotalsSchema>;

/** One local day: the tickets sold and the revenue of the sales paid that day. */
export const SalesDaySchema = z.object({ date: DaySchema, tickets: CountSchema, revenue: MinorUnitsSchema });
export type SalesDay = z.infer<typeof SalesDaySchema>;

/** A package's tickets: sold (comps among them: they count against capacity), on live holds, and left. */
export const PackageReportSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  capacity: CountSchema,
  /** Tickets taken by paid orders, comps included (the package's counter). */
  sold: CountSchema,
  /** Tickets on holds that have not expired: buyers at the checkout now. */
  held: CountSchema,
  /** Capacity less sold and held. */
  left: CountSchema,
  /** Of `sold`, the comps that still admit. */
  comps: CountSchema,
});
export type PackageReport = z.infer<typeof PackageReportSchema>;

/** A promo code's use by paid sales. */
export const PromotionUseSchema = z.object({
  code: z.string(),
  orders: CountSchema,
  tickets: CountSchema,
  discount: MinorUnitsSchema,
});
export type PromotionUse = z.infer<typeof PromotionUseSchema>;

/** Tickets that still admit, and how many of them were admitted at the gate. */
export const CheckInCountSchema = z.object({ checked_in: CountSchema, total: CountSchema });

export const CheckInListReportSchema = CheckInCountSchema.extend({ id: z.number().int().positive(), name: z.string() });
export type CheckInListReport = z.infer<typeof CheckInListReportSchema>;

/** The gate: the event's tickets (each once, however many lists admit it) and each list's. */
export const CheckInReportSchema = CheckInCountSchema.extend({ lists: z.array(CheckInListReportSchema) });
export type CheckInReport = z.infer<typeof CheckInReportSchema>;

/** GET /api/organiser/{org}/events/{eventUid}/report */
export const EventReportAnswerSchema = z.object({
  event: z.object({
    uid: z.string(),
    name: z.string(),
    currency: CurrencySchema,
    status: EventLifecycleStatusSchema,
    starts_at: InstantSchema,
    /** The venue's zone: the days of `per_day` are its days. */
    time_zone: z.string(),
  }),
  totals: SalesTotalsSchema,
  /** Every day from the first sale to today (or the event's end, if sooner); days without sales are zeros. Empty: no sales. */
  per_day: z.array(SalesDaySchema),
  packages: z.array(PackageReportSchema),
  /** The event's promo codes, most used first. */
  promotions: z.array(PromotionUseSchema),
  check_in: CheckInReportSchema,
  /** When the numbers were read (the database's clock). */
  generated_at: InstantSchema,
});
export type EventReportAnswer = z.infer<typeof EventReportAnswerSchema>;

/** An organisation's sales in one currency. */
export const CurrencyTotalsSchema = SalesTotalsSchema.extend({ currency: CurrencySchema });
export type CurrencyTotals = z.infer<typeof CurrencyTotalsSchema>;

/** An organisation's days in one currency (each order on its own venue's local day). */
export const CurrencyDaysSchema = z.object({ currency: CurrencySchema, days: z.array(SalesDaySchema) });
export type CurrencyDays = z.infer<typeof CurrencyDaysSchema>;

/** One event in the organisation's table. */
export const EventSalesRowSchema = z.object({
  uid: z.string(),
  name: z.string(),
  status: EventLifecycleStatusSchema,
  starts_at: InstantSchema,
  /** The venue's zone, to show the start as its clocks read it. */
  time_zone: z.string(),
  currency: CurrencySchema,
  tickets_sold: CountSchema,
  comps: CountSchema,
  /** Its packages' capacities. */
  capacity: CountSchema,
  revenue: MinorUnitsSchema,
});
export type EventSalesRow = z.infer<typeof EventSalesRowSchema>;

/** GET /api/organiser/{org}/report */
export const OrganisationReportAnswerSchema = z.object({
  /** One entry per currency the organisation has sold in (none: no sales yet). */
  totals: z.array(CurrencyTotalsSchema),
  per_day: z.array(CurrencyDaysSchema),
  /** Every event in the member's scope, the latest start first. */
  events: z.array(EventSalesRowSchema),
  generated_at: InstantSchema,
});
export type OrganisationReportAnswer = z.infer<typeof OrganisationReportAnswerSchema>;
