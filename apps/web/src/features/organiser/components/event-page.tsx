import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { ButtonLink } from '../../../components/ui/button';
import { consoleEventQueryOptions } from '../api/get-console-event';
import { eventStatusBadge, formatWallClock } from '../lib/event-display';
import { EVENT_SECTIONS, SECTION_OF_PROBLEM, eventSectionOf, type EventSection } from '../lib/event-sections';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { formatCount } from '../lib/venue-display';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { EventDetailsSection } from './event-details-section';
import { EventExportMenu } from './event-export-menu';
import { EventImagesSection } from './event-images-section';
import { EventPackagesSection } from './event-packages-section';
import { EventPromotionsSection } from './event-promotions-section';
import { EventPublishSection } from './event-publish-section';
import { EventSectionNav } from './event-section-nav';
import { BackToEvents } from './new-event-page';
import { SeatAssignmentSection } from './seat-assignment-section';
import { StatusPill } from './status-pill';

/** What the role may do on this event's page (the server decides; this hides what it would refuse). */
export interface EventAccess {
  /** Change its fields, packages, seats and images: `event.write`, and not once it is cancelled. */
  canEdit: boolean;
  /** Move it along its lifecycle: `event.publish`. */
  canPublish: boolean;
}

function sectionsOf(event: ConsoleEventAnswer, role: ConsoleRole): EventSection[] {
  return EVENT_SECTIONS.filter(
    (section) =>
      (section !== 'seats' || event.venue.has_seat_map) && (section !== 'promotions' || mayUse(role, 'promo.read')),
  );
}

function problemsBySection(event: ConsoleEventAnswer): Partial<Record<EventSection, number>> {
  const counts: Partial<Record<EventSection, number>> = {};
  for (const item of event.checklist) {
    const section = SECTION_OF_PROBLEM[item.id];
    if (section) counts[section] = (counts[section] ?? 0) + 1;
  }
  return counts;
}

function EventFacts({
  org,
  event,
  canSeeHistory,
  canSeeReport,
  canScan = false,
  exports = null,
}: {
  org: string;
  event: ConsoleEventAnswer;
  canSeeHistory: boolean;
  canSeeReport: boolean;
  /** checkin.scan: the way to the event's gate (its check-in lists and scanner). */
  canScan?: boolean;
  /** export.run: the Export menu (attendees and orders); `withContact`: the files hold buyers' contact details. */
  exports?: { withContact: boolean } | null;
}) {
  const badge = eventStatusBadge(event);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
        <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
        <span>
          Sold {formatCount(event.sold)} of {formatCount(event.capacity)}
        </span>
        <span>
          {formatWallClock(event.start_local)} ({event.venue.time_zone})
        </span>
        <span>
          {event.venue.name}, {event.venue.city}
        </span>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link
          to={organiserPaths.eventPreview(org, event.uid)}
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          Preview as buyers see it
        </Link>
        {canSeeReport ? (
          <Link
            to={organiserPaths.eventReport(org, event.uid)}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Sales report
          </Link>
        ) : null}
        {canSeeHistory ? (
          <Link
            to={organiserPaths.eventAudit(org, event.uid)}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Change history
          </Link>
        ) : null}
        {canScan ? (
          <Link
            to={organiserPaths.gate(org, event.uid)}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Gate and check-in
          </Link>
        ) : null}
        {exports ? <EventExportMenu org={org} eventUid={event.uid} withContact={exports.withContact} /> : null}
      </div>
    </div>
  );
}

function PreviewSection({ org, event }: { org: string; event: ConsoleEventAnswer }) {
  const isDraft = event.status === 'draft';
  return (
    <section
      aria-labelledby="event-preview-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="event-preview-heading" className="text-xl font-semibold text-brand-950">
        Preview
      </h2>
      <p className="mt-2 text-slate-700">
        {isDraft
          ? 'See the event page as buyers will see it once it is published. Only your team can open it while it is a draft.'
          : 'See the event page as buyers see it now.'}
      </p>
      <div className="mt-4">
        <ButtonLink to={organiserPaths.eventPreview(org, event.uid)}>Open the preview</ButtonLink>
      </div>
    </section>
  );
}

/**
 * /organiser/{org}/events/{eventUid}: one event in sections (`?section=`): its details, ticket packages, seats
 * (at a venue with a seat map), images, publishing and a preview. A role that may only read sees every section
 * without its controls.
 */
export function EventPage({ org, eventUid, role }: { org: string; eventUid: string; role: ConsoleRole }) {
  const query = useQuery(consoleEventQueryOptions(org, eventUid));
  const [searchParams] = useSearchParams();

  if (query.isPending || query.isError) {
    return (
      <>
        <ConsolePageHeader title="Event" back={<BackToEvents org={org} />} />
        {query.isPending ? (
          <ConsoleLoading label="Loading the event…" rows={2} />
        ) : (
          <ConsoleQueryError
            error={query.error}
            title="The event could not be loaded"
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
            notFound={{
              title: 'No such event',
              message: 'This event does not exist, or it is not one of the events you can open.',
              back: { to: organiserPaths.events(org), label: 'All events' },
            }}
          />
        )}
      </>
    );
  }

  const event = query.data;
  const sections = sectionsOf(event, role);
  const section = eventSectionOf(searchParams.get('section'), sections);
  const isCancelled = event.status === 'cancelled';
  const access: EventAccess = {
    canEdit: mayUse(role, 'event.write') && !isCancelled,
    canPublish: mayUse(role, 'event.publish'),
  };
  const mayChange = mayUse(role, 'event.write') || access.canPublish;

  return (
    <>
      <ConsolePageHeader
        title={event.name}
        back={<BackToEvents org={org} />}
        description={
          <EventFacts
            org={org}
            event={event}
            canSeeHistory={mayUse(role, 'audit.read')}
            canSeeReport={mayUse(role, 'report.read')}
            canScan={mayUse(role, 'checkin.scan')}
            exports={mayUse(role, 'export.run') ? { withContact: mayUse(role, 'order.contact.read') } : null}
          />
        }
      />
      {isCancelled ? (
        <p className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          This event is cancelled: it can no longer be changed.
        </p>
      ) : !mayChange ? (
        <p className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          Your role can look at this event but not change it.
        </p>
      ) : null}
      <EventSectionNav
        org={org}
        eventUid={event.uid}
        sections={sections}
        current={section}
        toDo={problemsBySection(event)}
      />
      {section === 'details' ? <EventDetailsSection org={org} event={event} role={role} access={access} /> : null}
      {section === 'packages' ? <EventPackagesSection org={org} event={event} access={access} /> : null}
      {section === 'seats' ? <SeatAssignmentSection org={org} event={event} access={access} /> : null}
      {section === 'images' ? <EventImagesSection org={org} event={event} access={access} /> : null}
      {section === 'publish' ? <EventPublishSection org={org} event={event} access={access} /> : null}
      {section === 'promotions' ? (
        <EventPromotionsSection org={org} event={event} canWrite={mayUse(role, 'promo.write') && !isCancelled} />
      ) : null}
      {section === 'preview' ? <PreviewSection org={org} event={event} /> : null}
    </>
  );
}
