import type { ReactNode } from 'react';
import { formatMoney, type Currency } from '@marquee/domain/money';
import type { CheckInReport, PackageReport, PromotionUse, SalesDay, SalesTotals } from '@marquee/domain/reports';
import { formatLongDay, percentOf } from '../lib/report-display';
import { formatCount } from '../lib/venue-display';
import { PackagesChartSlot, SalesPerDayChartSlot } from './report-chart-slots';

/*
 * The pieces of the sales reports (report-event-page.tsx, report-organisation-page.tsx). No chart library here:
 * the charts come through report-chart-slots.tsx, and each has its numbers in a table beside it.
 */

const TH = 'px-3 py-2 font-semibold';
const TD = 'px-3 py-2 tabular-nums';

/** A report's section: a card with its h2 (or h3, under a currency's heading). */
export function ReportSection({
  id,
  title,
  level = 2,
  description,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  description?: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <Heading id={id} className="text-lg font-semibold text-brand-950 sm:text-xl">
        {title}
      </Heading>
      {description ? <div className="mt-1 text-sm text-slate-700">{description}</div> : null}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** A table that may be wider than a phone: it scrolls sideways, and can be scrolled with the keyboard. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region takes focus, so it can be scrolled with the keyboard (WCAG 2.1.1).
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200">
      {children}
    </div>
  );
}

/**
 * A report's table of numbers: its caption (also the scrolling region's name), the rows' heading column, the
 * numeric columns (right-aligned), and the rows.
 */
function ReportTable({
  caption,
  rowHeading,
  columns,
  children,
}: {
  caption: string;
  rowHeading: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollingTable label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={TH}>
              {rowHeading}
            </th>
            {columns.map((heading) => (
              <th key={heading} scope="col" className={`${TH} text-right`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </ScrollingTable>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-lg font-bold break-words text-brand-950 tabular-nums sm:text-2xl">{value}</dd>
      {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The totals as tiles: revenue first, amounts in the currency's own format. */
export function ReportTiles({ totals, currency, label }: { totals: SalesTotals; currency: Currency; label: string }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile label="Revenue" value={formatMoney(totals.revenue, currency)} note="Paid, less refunds" />
        <Tile
          label="Tickets sold"
          value={formatCount(totals.tickets_sold)}
          note={plural(totals.orders, 'order', 'orders')}
        />
        <Tile label="Gross" value={formatMoney(totals.gross, currency)} note="Before refunds" />
        <Tile
          label="Refunded"
          value={formatMoney(totals.refunded, currency)}
          note={plural(totals.refunds_count, 'refund', 'refunds')}
        />
        <Tile label="Discounts given" value={formatMoney(totals.discount_given, currency)} note="Promo codes" />
        <Tile label="Comps" value={formatCount(totals.comps)} note="Free tickets, not in revenue" />
      </dl>
    </div>
  );
}

/** Tickets and revenue per day: the chart, and the same numbers as a table behind "Show as table". */
export function SalesPerDay({
  days,
  currency,
  caption,
}: {
  days: readonly SalesDay[];
  currency: Currency;
  caption: string;
}) {
  return (
    <>
      <SalesPerDayChartSlot days={days} currency={currency} />
      <details className="group">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700 underline underline-offset-2">
          Show as table
        </summary>
        <ReportTable caption={caption} rowHeading="Day" columns={['Tickets', 'Revenue']}>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                {formatLongDay(day.date)}
              </th>
              <td className={`${TD} text-right`}>{formatCount(day.tickets)}</td>
              <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(day.revenue, currency)}</td>
            </tr>
          ))}
        </ReportTable>
      </details>
    </>
  );
}

/** Each package: a stacked bar (sold, comps, on hold, left) and the table of the same numbers. */
export function PackagesReport({ packages }: { packages: readonly PackageReport[] }) {
  if (packages.length === 0) return <p className="text-slate-700">This event has no ticket packages.</p>;
  return (
    <>
      <PackagesChartSlot packages={packages} />
      <ReportTable
        caption="Tickets per package"
        rowHeading="Package"
        columns={['Sold', 'Comps', 'On hold', 'Left', 'Capacity']}
      >
        {packages.map((pkg) => (
          <tr key={pkg.id}>
            <th scope="row" className="px-3 py-2 font-semibold">
              {pkg.name}
            </th>
            <td className={`${TD} text-right`}>{formatCount(pkg.sold - pkg.comps)}</td>
            <td className={`${TD} text-right`}>{formatCount(pkg.comps)}</td>
            <td className={`${TD} text-right`}>{formatCount(pkg.held)}</td>
            <td className={`${TD} text-right`}>{formatCount(pkg.left)}</td>
            <td className={`${TD} text-right`}>{formatCount(pkg.capacity)}</td>
          </tr>
        ))}
      </ReportTable>
    </>
  );
}

/** The promo codes used, with their orders, tickets and discount. */
export function PromotionsReport({
  promotions,
  currency,
}: {
  promotions: readonly PromotionUse[];
  currency: Currency;
}) {
  if (promotions.length === 0) return <p className="text-slate-700">No promo code has been used yet.</p>;
  return (
    <ReportTable caption="Promo codes used" rowHeading="Code" columns={['Orders', 'Tickets', 'Discount']}>
      {promotions.map((promotion) => (
        <tr key={promotion.code}>
          <th scope="row" className="px-3 py-2 font-mono font-semibold break-all">
            {promotion.code}
          </th>
          <td className={`${TD} text-right`}>{formatCount(promotion.orders)}</td>
          <td className={`${TD} text-right`}>{formatCount(promotion.tickets)}</td>
          <td className={`${TD} text-right whitespace-nowrap`}>{formatMoney(promotion.discount, currency)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** One progress bar: how many of a list's tickets were admitted, as a bar and in words. */
function CheckInBar({ name, checkedIn, total }: { name: string; checkedIn: number; total: number }) {
  const percent = percentOf(checkedIn, total);
  const words = `${formatCount(checkedIn)} of ${formatCount(total)} checked in (${percent}%)`;
  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold text-brand-950">{name}</span>
        <span className="text-slate-700 tabular-nums">{words}</span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={checkedIn}
        aria-valuetext={words}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-green-700" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/** Check-in progress: the event's tickets (each once), then each gate's list (lists may overlap). */
export function CheckInReportView({ checkIn }: { checkIn: CheckInReport }) {
  return (
    <>
      <ul className="flex flex-col gap-4">
        <CheckInBar name="The whole event" checkedIn={checkIn.checked_in} total={checkIn.total} />
        {checkIn.lists.map((list) => (
          <CheckInBar key={list.id} name={list.name} checkedIn={list.checked_in} total={list.total} />
        ))}
      </ul>
      {checkIn.lists.length === 0 ? (
        <p className="text-sm text-slate-700">No check-in lists yet: the gate's lists show here once they are made.</p>
      ) : (
        <p className="text-sm text-slate-700">A ticket counts in every list that admits its package.</p>
      )}
    </>
  );
}

const updatedFormat = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });

/** When the numbers were read, and that they refresh by themselves. */
export function LiveNote({ generatedAt }: { generatedAt: string }) {
  const at = new Date(generatedAt);
  return (
    <p className="text-sm text-slate-700">
      {Number.isNaN(at.getTime()) ? 'Live' : `Updated ${updatedFormat.format(at)}`}: the numbers refresh every 15
      seconds while this page is open.
    </p>
  );
}
