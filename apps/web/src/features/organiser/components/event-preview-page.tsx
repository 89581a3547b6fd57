import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { EventDetail } from '@marquee/domain/catalog';
import { consoleEventQueryOptions } from '../api/get-console-event';
import { eventPreviewQueryOptions } from '../api/get-event-preview';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { organiserPaths } from '../lib/organiser-paths';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { useConsoleServices } from './console-services';

/** A draft may have no banner yet: a plain placeholder of the banner's shape stands in for it. */
const NO_BANNER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600"><rect width="1600" height="600" fill="#1E1B4B"/><text x="800" y="300" fill="#FFFFFF" font-family="sans-serif" font-size="56" text-anchor="middle" dominant-baseline="middle">No banner uploaded yet</text></svg>',
)}`;

function withBanner(event: EventDetail): EventDetail {
  return event.banner_img ? event : { ...event, banner_img: NO_BANNER };
}

function BackToEvent({ org, eventUid }: { org: string; eventUid: string }) {
  return (
    <Link
      to={organiserPaths.event(org, eventUid)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      ← Back to the event
    </Link>
  );
}

/**
 * /organiser/{org}/events/{eventUid}/preview: the buyer's event page, drawn by the buyer's own component from
 * the preview's answer (a draft as it would be on sale), read only, under a banner that says who can see it.
 */
export function EventPreviewPage({ org, eventUid }: { org: string; eventUid: string }) {
  const { EventPreview } = useConsoleServices();
  const preview = useQuery(eventPreviewQueryOptions(org, eventUid));
  // Whether buyers can see it is the console's to say: the preview shows a draft as if it were on sale.
  const event = useQuery(consoleEventQueryOptions(org, eventUid));
  useDocumentTitle(preview.data ? `Preview: ${preview.data.name}` : 'Preview');

  if (preview.isPending || preview.isError) {
    return (
      <>
        <ConsolePageHeader title="Preview" back={<BackToEvent org={org} eventUid={eventUid} />} />
        {preview.isPending ? (
          <ConsoleLoading label="Loading the preview…" rows={2} />
        ) : (
          <ConsoleQueryError
            error={preview.error}
            title="The preview could not be loaded"
            onRetry={() => void preview.refetch()}
            isRetrying={preview.isFetching}
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

  const isHidden = event.data ? event.data.status === 'draft' || event.data.unpublished : null;
  return (
    <div className="flex flex-col gap-4">
      <BackToEvent org={org} eventUid={eventUid} />
      <div
        role="note"
        aria-label="Preview"
        className={`rounded-xl border-2 p-4 ${
          isHidden === false
            ? 'border-emerald-700 bg-emerald-50 text-emerald-950'
            : 'border-amber-500 bg-amber-50 text-amber-950'
        }`}
      >
        <p className="font-bold">
          {isHidden === null
            ? 'Preview'
            : isHidden
              ? event.data?.unpublished
                ? 'Preview: Marquee has taken this event off the site, buyers cannot see it'
                : 'Preview: buyers cannot see this draft'
              : 'This is how buyers see it'}
        </p>
        <p className="text-sm">Read only: nothing can be bought from the preview.</p>
      </div>
      <EventPreview event={withBanner(preview.data)} />
    </div>
  );
}
