import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '@marquee/domain/money';
import type { EventSalesRow, OrganisationReportAnswer } from '@marquee/domain/reports';
import { EmptyState } from '../../../components/ui/empty-state';
import { organisationReportQueryOptions } from '../api/get-organisation-report';
import { eventStatusBadge } from '../lib/event-display';
import { organiserPaths } from '../lib/organiser-paths';
import { formatInstantIn } from '../lib/report-display';
import { formatCount } from '../lib/venue-display';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { LiveNote, ReportSection, ReportTiles, SalesPerDay } from './report-sections';
import { StatusPill } from './status-pill';

const TITLE = 'Reports';

/** One event's line: its report is a link away. */
function EventRow({ org, event }: { org: string; event: EventSalesRow }) {
  const badge = eventStatusBadge({ status: event.status, sold_out: false, unpublished: false });
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        <Link
          to={organiserPaths.eventReport(org, event.uid)}
          className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {event.name}
        </Link>
      </th>
      <td className="px-3 py-2">
        <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatInstantIn(event.starts_at, event.time_zone)}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {formatCount(event.tickets_sold)} of {formatCount(event.capacity)}
        {event.comps > 0 ? (
          <span className="block text-xs text-slate-600">+ {formatCount(event.comps)} comps</span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {formatMoney(event.revenue, event.currency)}
      </td>
    </tr>
  );
}

function EventsTable({ org, events }: { org: string; events: readonly EventSalesRow[] }) {
  if (events.length === 0) return <p className="text-slate-700">No events yet.</p>;
  return (
    // A scrolling region takes focus, so it can be scrolled with the keyboard (WCAG 2.1.1).
    <div
      role="region"
      aria-label="Sales per event"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Sales per event</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Event
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Starts
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Sold
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {events.map((event) => (
            <EventRow key={event.uid} org={org} event={event} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrganisationReportBody({ org, report }: { org: string; report: OrganisationReportAnswer }) {
  return (
    <div className="flex flex-col gap-6">
      <LiveNote generatedAt={report.generated_at} />
      {report.totals.length === 0 ? (
        <EmptyState title="No sales yet">
          <p>Tickets and revenue show here from the first paid order of any of your events.</p>
        </EmptyState>
      ) : (
        report.totals.map((totals) => {
          const days = report.per_day.find((entry) => entry.currency === totals.currency)?.days ?? [];
          const id = `report-${totals.currency.toLowerCase()}`;
          return (
            <ReportSection
              key={totals.currency}
              id={id}
              title={`Sales in ${totals.currency}`}
              description="Each currency apart: amounts in different currencies are never added. Days are each venue's own."
            >
              <ReportTiles totals={totals} currency={totals.currency} label={`Totals in ${totals.currency}`} />
              {days.length > 0 ? (
                <SalesPerDay
                  days={days}
                  currency={totals.currency}
                  caption={`Tickets and revenue per day in ${totals.currency}`}
                />
              ) : null}
            </ReportSection>
          );
        })
      )}
      <ReportSection
        id="report-events"
        title="Events"
        description="The latest first. Open an event for its packages, promo codes and check-ins."
      >
        <EventsTable org={org} events={report.events} />
      </ReportSection>
    </div>
  );
}

/** /organiser/{org}/reports: the organisation's sales per currency and per event, live while it is open. */
export function OrganisationReportPage({ org }: { org: string }) {
  const report = useQuery(organisationReportQueryOptions(org));
  if (report.isPending) {
    return (
      <>
        <ConsolePageHeader title={TITLE} />
        <ConsoleLoading label="Loading the report…" />
      </>
    );
  }
  if (report.isError) {
    return (
      <>
        <ConsolePageHeader title={TITLE} />
        <ConsoleQueryError
          error={report.error}
          title="The report could not be loaded"
          onRetry={() => void report.refetch()}
          isRetrying={report.isFetching}
        />
      </>
    );
  }
  return (
    <>
      <ConsolePageHeader title={TITLE} />
      <OrganisationReportBody org={org} report={report.data} />
    </>
  );
}
