import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { EventReportAnswer } from '@marquee/domain/reports';
import { EmptyState } from '../../../components/ui/empty-state';
import { eventReportQueryOptions } from '../api/get-event-report';
import { eventStatusBadge } from '../lib/event-display';
import { organiserPaths } from '../lib/organiser-paths';
import { formatInstantIn } from '../lib/report-display';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import {
  CheckInReportView,
  LiveNote,
  PackagesReport,
  PromotionsReport,
  ReportSection,
  ReportTiles,
  SalesPerDay,
} from './report-sections';
import { StatusPill } from './status-pill';

function BackToEvent({ org, eventUid }: { org: string; eventUid: string }) {
  return (
    <Link
      to={organiserPaths.event(org, eventUid)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      ← The event
    </Link>
  );
}

function hasActivity(report: EventReportAnswer): boolean {
  const { orders, comps, refunds_count: refunds } = report.totals;
  return orders > 0 || comps > 0 || refunds > 0;
}

function EventReportBody({ report }: { report: EventReportAnswer }) {
  const { event, totals } = report;
  const badge = eventStatusBadge({ status: event.status, sold_out: false, unpublished: false });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
          <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
          <span>
            Starts {formatInstantIn(event.starts_at, event.time_zone)} ({event.time_zone})
          </span>
        </div>
        <LiveNote generatedAt={report.generated_at} />
      </div>
      {hasActivity(report) ? (
        <>
          <ReportSection id="report-totals" title="Totals">
            <ReportTiles totals={totals} currency={event.currency} label={`Totals in ${event.currency}`} />
          </ReportSection>
          <ReportSection
            id="report-days"
            title="Tickets and revenue per day"
            description={`Days in the venue's time zone (${event.time_zone}), by when each order was paid. A refund is taken off the day of its order.`}
          >
            <SalesPerDay days={report.per_day} currency={event.currency} caption="Tickets and revenue, day by day" />
          </ReportSection>
        </>
      ) : (
        <EmptyState title="No sales yet">
          <p>Tickets, revenue and the days of the sale show here from the first paid order.</p>
        </EmptyState>
      )}
      <ReportSection
        id="report-packages"
        title="Packages"
        description="Sold, comps, on hold (buyers at the checkout now) and left, of each package's capacity."
      >
        <PackagesReport packages={report.packages} />
      </ReportSection>
      {hasActivity(report) ? (
        <ReportSection id="report-promotions" title="Promo codes">
          <PromotionsReport promotions={report.promotions} currency={event.currency} />
        </ReportSection>
      ) : null}
      <ReportSection id="report-check-in" title="Check-in">
        <CheckInReportView checkIn={report.check_in} />
      </ReportSection>
    </div>
  );
}

/** /organiser/{org}/events/{eventUid}/report: one event's sales dashboard, live while it is open. */
export function EventReportPage({ org, eventUid }: { org: string; eventUid: string }) {
  const report = useQuery(eventReportQueryOptions(org, eventUid));
  const back = <BackToEvent org={org} eventUid={eventUid} />;
  if (report.isPending) {
    return (
      <>
        <ConsolePageHeader title="Sales report" back={back} />
        <ConsoleLoading label="Loading the report…" />
      </>
    );
  }
  if (report.isError) {
    return (
      <>
        <ConsolePageHeader title="Sales report" back={back} />
        <ConsoleQueryError
          error={report.error}
          title="The report could not be loaded"
          onRetry={() => void report.refetch()}
          isRetrying={report.isFetching}
          notFound={{
            title: 'No such event',
            message: 'This event does not exist, or it is not one of the events you work on.',
            back: { to: organiserPaths.events(org), label: 'All events' },
          }}
        />
      </>
    );
  }
  return (
    <>
      <ConsolePageHeader title={`Sales report: ${report.data.event.name}`} back={back} />
      <EventReportBody report={report.data} />
    </>
  );
}
