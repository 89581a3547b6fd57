import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VenueFields, VenueFieldsPatch } from '@marquee/domain/authoring';
import type { VenueAnswer } from '@marquee/domain/console';
import { toast } from '../../../components/toaster';
import { venueQueryOptions } from '../api/get-venue';
import { organiserKeys } from '../api/query-keys';
import { updateVenue } from '../api/update-venue';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { formatCount } from '../lib/venue-display';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { LayoutEditor } from './layout-editor';
import { BackToVenues } from './new-venue-page';
import { VenueForm } from './venue-form';

/** The fields that differ from the venue's: what a PATCH sends. */
function changedFields(venue: VenueAnswer, values: VenueFields): VenueFieldsPatch {
  const patch: VenueFieldsPatch = {};
  if (values.name !== venue.name) patch.name = values.name;
  if (values.address !== venue.address) patch.address = values.address;
  if (values.city !== venue.city) patch.city = values.city;
  if (values.country !== venue.country) patch.country = values.country;
  if (values.time_zone !== venue.time_zone) patch.time_zone = values.time_zone;
  return patch;
}

function VenueDetails({ org, venue, canWrite }: { org: string; venue: VenueAnswer; canWrite: boolean }) {
  const queryClient = useQueryClient();
  return (
    <section
      aria-labelledby="venue-details"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="venue-details" className="mb-4 text-xl font-semibold text-brand-950">
        Details
      </h2>
      <VenueForm
        // A saved venue starts the form again from what the server keeps.
        key={`${venue.name}|${venue.address}|${venue.city}|${venue.country}|${venue.time_zone}`}
        label="Venue details"
        defaultValues={{
          name: venue.name,
          address: venue.address,
          city: venue.city,
          country: venue.country,
          time_zone: venue.time_zone,
        }}
        submitLabel="Save the details"
        busyLabel="Saving…"
        isReadOnly={!canWrite}
        onSubmit={async (values) => {
          const patch = changedFields(venue, values);
          if (Object.keys(patch).length === 0) {
            toast('Nothing has changed.');
            return;
          }
          const saved = await updateVenue(org, venue.id, patch);
          queryClient.setQueryData(organiserKeys.venue(org, venue.id), saved);
          await queryClient.invalidateQueries({ queryKey: organiserKeys.venues(org), exact: true });
          toast.success('The venue is saved.');
        }}
      />
    </section>
  );
}

/** /organiser/{org}/venues/{venueId}: the venue's fields, and its seat map (none, or built here). */
export function VenuePage({ org, venueId, role }: { org: string; venueId: number; role: ConsoleRole }) {
  const venue = useQuery(venueQueryOptions(org, venueId));
  const canWrite = mayUse(role, 'venue.write');

  if (venue.isPending) {
    return (
      <>
        <ConsolePageHeader title="Venue" back={<BackToVenues org={org} />} />
        <ConsoleLoading label="Loading the venue…" rows={2} />
      </>
    );
  }
  if (venue.isError) {
    return (
      <>
        <ConsolePageHeader title="Venue" back={<BackToVenues org={org} />} />
        <ConsoleQueryError
          error={venue.error}
          title="The venue could not be loaded"
          onRetry={() => void venue.refetch()}
          isRetrying={venue.isFetching}
          notFound={{
            title: 'No such venue',
            message: 'This venue does not exist, or it is not one of this organisation’s.',
            back: { to: organiserPaths.venues(org), label: 'All venues' },
          }}
        />
      </>
    );
  }
  const data = venue.data;
  return (
    <>
      <ConsolePageHeader
        title={data.name}
        back={<BackToVenues org={org} />}
        description={
          <p>
            {data.city} · {formatCount(data.event_count)} {data.event_count === 1 ? 'event' : 'events'}
          </p>
        }
      />
      <div className="flex flex-col gap-6">
        <VenueDetails org={org} venue={data} canWrite={canWrite} />
        <LayoutEditor org={org} venue={data} canWrite={canWrite} />
      </div>
    </>
  );
}
