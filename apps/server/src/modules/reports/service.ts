import type { Db } from '@marquee/db/client';
import { withOrganiserScope } from '@marquee/db/tenancy';
import type { Currency } from '@marquee/domain/money';
import type {
  CurrencyDays,
  CurrencyTotals,
  EventReportAnswer,
  OrganisationReportAnswer,
  SalesTotals,
} from '@marquee/domain/reports';
import { AppError } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import * as repository from './repository';

export type ReportsService = ReturnType<typeof createReportsService>;

const MESSAGES = { eventNotFound: 'No such event.' } as const;

const ZERO_TOTALS: SalesTotals = {
  tickets_sold: 0,
  revenue: 0,
  gross: 0,
  refunded: 0,
  discount_given: 0,
  orders: 0,
  comps: 0,
  refunds_count: 0,
};

function totalsOf(row: repository.EventSales): SalesTotals {
  return {
    tickets_sold: row.tickets_sold,
    revenue: row.gross - row.refunded,
    gross: row.gross,
    refunded: row.refunded,
    discount_given: row.discount,
    orders: row.orders,
    comps: row.comps,
    refunds_count: row.refunds_count,
  };
}

function add(a: SalesTotals, b: SalesTotals): SalesTotals {
  return {
    tickets_sold: a.tickets_sold + b.tickets_sold,
    revenue: a.revenue + b.revenue,
    gross: a.gross + b.gross,
    refunded: a.refunded + b.refunded,
    discount_given: a.discount_given + b.discount_given,
    orders: a.orders + b.orders,
    comps: a.comps + b.comps,
    refunds_count: a.refunds_count + b.refunds_count,
  };
}

/** The events' totals per currency (never one sum across currencies), for the currencies with any activity. */
function totalsPerCurrency(rows: readonly repository.EventSales[]): CurrencyTotals[] {
  const byCurrency = new Map<Currency, SalesTotals>();
  for (const row of rows) {
    const totals = totalsOf(row);
    if (totals.orders === 0 && totals.comps === 0 && totals.refunds_count === 0) continue;
    byCurrency.set(row.currency, add(byCurrency.get(row.currency) ?? ZERO_TOTALS, totals));
  }
  return [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, totals]) => ({ currency, ...totals }));
}

function daysPerCurrency(rows: readonly repository.SalesDayRow[]): CurrencyDays[] {
  const byCurrency = new Map<Currency, CurrencyDays>();
  for (const { currency, date, tickets, revenue } of rows) {
    const entry = byCurrency.get(currency) ?? { currency, days: [] };
    entry.days.push({ date, tickets, revenue });
    byCurrency.set(currency, entry);
  }
  return [...byCurrency.values()];
}

/**
 * The console's sales reports (issue 22): read-only, each one scoped transaction of aggregate queries
 * (repository.ts), so the numbers of one answer are of one moment.
 */
export function createReportsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async eventReport(actor: OrganiserActor): Promise<EventReportAnswer> {
      const eventId = actor.event?.id;
      if (eventId === undefined) throw new AppError('not_found', MESSAGES.eventNotFound);
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const event = await repository.findScopedEvent(tx, eventId);
        if (!event) throw new AppError('not_found', MESSAGES.eventNotFound);
        const [sales] = await repository.findEventSales(tx, { eventId });
        const days = await repository.findSalesDays(tx, { eventId });
        const packages = await repository.findPackages(tx, eventId);
        const promotions = await repository.findPromotionUse(tx, eventId);
        const lists = await repository.findCheckInLists(tx, eventId);
        return {
          event: {
            uid: event.uid,
            name: event.name,
            currency: event.currency,
            status: event.status,
            starts_at: event.starts_at,
            time_zone: event.time_zone,
          },
          totals: sales ? totalsOf(sales) : ZERO_TOTALS,
          per_day: days.map(({ date, tickets, revenue }) => ({ date, tickets, revenue })),
          packages: packages.map((pkg) => ({
            ...pkg,
            left: Math.max(0, pkg.capacity - pkg.sold - pkg.held),
          })),
          promotions,
          check_in: {
            checked_in: sales?.checked_in ?? 0,
            total: sales?.admitting ?? 0,
            lists,
          },
          generated_at: event.generated_at,
        };
      });
    },

    async organisationReport(actor: OrganiserActor): Promise<OrganisationReportAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const sales = await repository.findEventSales(tx, 'all');
        const days = await repository.findSalesDays(tx, 'all');
        return {
          totals: totalsPerCurrency(sales),
          per_day: daysPerCurrency(days),
          events: sales.map((row) => ({
            uid: row.uid,
            name: row.name,
            status: row.status,
            starts_at: row.starts_at,
            time_zone: row.time_zone,
            currency: row.currency,
            tickets_sold: row.tickets_sold,
            comps: row.comps,
            capacity: row.capacity,
            revenue: row.gross - row.refunded,
          })),
          generated_at: await repository.databaseNow(tx),
        };
      });
    },
  };
}
