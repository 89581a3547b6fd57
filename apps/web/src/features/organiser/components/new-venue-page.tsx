import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { OrganisationAnswer } from '@marquee/domain/organiser';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/toaster';
import { createVenue } from '../api/create-venue';
import { organiserKeys } from '../api/query-keys';
import { organiserPaths } from '../lib/organiser-paths';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { mainTimeZoneOf } from '../lib/time-zones';
import { ConsolePageHeader } from './console-page-header';
import { VenueForm } from './venue-form';

export function BackToVenues({ org }: { org: string }) {
  return (
    <Link
      to={organiserPaths.venues(org)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      ← All venues
    </Link>
  );
}

/** /organiser/{org}/venues/new: a venue's fields; its seat map is built on its own page next. */
export function NewVenuePage({ organisation, role }: { organisation: OrganisationAnswer; role: ConsoleRole }) {
  const org = organisation.slug;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const header = <ConsolePageHeader title="Add a venue" back={<BackToVenues org={org} />} />;
  if (!mayUse(role, 'venue.write')) {
    return (
      <>
        {header}
        <EmptyState title="Your role does not allow this">
          <p>Owners and managers of the whole organisation add venues.</p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <VenueForm
          label="Add a venue"
          defaultValues={{
            name: '',
            address: '',
            city: '',
            country: organisation.country,
            time_zone: mainTimeZoneOf(organisation.country),
          }}
          submitLabel="Add the venue"
          busyLabel="Adding…"
          onSubmit={async (fields) => {
            const venue = await createVenue(org, fields);
            queryClient.setQueryData(organiserKeys.venue(org, venue.id), venue);
            await queryClient.invalidateQueries({ queryKey: organiserKeys.venues(org) });
            toast.success(`${venue.name} is added. Build its seat map below, or leave it without one.`);
            await navigate(organiserPaths.venue(org, venue.id));
          }}
        />
      </div>
    </>
  );
}
