import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { isApiError } from '../../../lib/api-client';
import { operatorOrganisationsQueryOptions } from '../api/get-operator-organisations';
import { organiserMeQueryOptions } from '../api/get-organiser-me';
import { organiserPaths } from '../lib/organiser-paths';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { useConsoleServices } from './console-services';
import { OperatorEventForm } from './operator-event-form';
import { OperatorWaitingRoomForm } from './operator-waiting-room-form';
import {
  ORGANISATION_STATUS_BADGES,
  OperatorOrganisationCard,
  type OperatorOrganisation,
} from './operator-organisation-card';
import { SignInPrompt } from './sign-in-prompt';

type Filter = 'all' | OperatorOrganisation['status'];

const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: ORGANISATION_STATUS_BADGES.pending.label },
  { value: 'approved', label: ORGANISATION_STATUS_BADGES.approved.label },
  { value: 'suspended', label: ORGANISATION_STATUS_BADGES.suspended.label },
];

function OrganisationsSection({ organisations }: { organisations: readonly OperatorOrganisation[] }) {
  const [filter, setFilter] = useState<Filter>('all');
  const shown = filter === 'all' ? organisations : organisations.filter((each) => each.status === filter);
  const countOf = (value: Filter) =>
    value === 'all' ? organisations.length : organisations.filter((each) => each.status === value).length;
  return (
    <section aria-labelledby="operator-organisations" className="flex flex-col gap-4">
      <h2 id="operator-organisations" className="text-xl font-semibold text-brand-950">
        Organisations
      </h2>
      <div role="group" aria-label="Show organisations" className="flex flex-wrap gap-2">
        {FILTERS.map((each) => (
          <button
            key={each.value}
            type="button"
            aria-pressed={filter === each.value}
            onClick={() => setFilter(each.value)}
            className={`min-h-11 rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
              filter === each.value
                ? 'bg-brand-700 text-white'
                : 'bg-white text-brand-950 ring-1 ring-slate-300 hover:bg-brand-50'
            }`}
          >
            {each.label} ({countOf(each.value)})
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title={organisations.length === 0 ? 'No organisations yet' : 'None with this status'}
          headingLevel={3}
        >
          <p>
            {organisations.length === 0
              ? 'Organisations that people start on Marquee are listed here, waiting for your approval.'
              : 'Choose another status to see the others.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Organisations">
          {shown.map((organisation) => (
            <OperatorOrganisationCard key={organisation.slug} organisation={organisation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OperatorConsole() {
  const organisations = useQuery(operatorOrganisationsQueryOptions());
  if (organisations.isPending) return <ConsoleLoading label="Loading the organisations…" />;
  // Operators act with two factors: the console's step-up (or enrolment) covers this page too.
  if (organisations.isError && isApiError(organisations.error, 'two_factor_required', 'sign_in_required')) {
    return (
      <ConsoleQueryError
        error={organisations.error}
        title="The organisations could not be loaded"
        onRetry={() => void organisations.refetch()}
        isRetrying={organisations.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {organisations.isError ? (
        <ConsoleQueryError
          error={organisations.error}
          title="The organisations could not be loaded"
          onRetry={() => void organisations.refetch()}
          isRetrying={organisations.isFetching}
        />
      ) : (
        <OrganisationsSection organisations={organisations.data.organisations} />
      )}
      <OperatorEventForm />
      <OperatorWaitingRoomForm />
    </div>
  );
}

function SignedInOperator({ user }: { user: string }) {
  const me = useQuery(organiserMeQueryOptions(user));
  if (me.isPending) return <ConsoleLoading label="Checking your access…" rows={1} />;
  if (me.isError) {
    return (
      <ConsoleQueryError
        error={me.error}
        title="Your access could not be checked"
        onRetry={() => void me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  }
  if (!me.data.is_operator) {
    return (
      <EmptyState
        title="This page is for Marquee's staff"
        action={<ButtonLink to={organiserPaths.home()}>Your organisations</ButtonLink>}
      >
        <p>It reviews the organisations on Marquee. Your own organisations are in the console.</p>
      </EmptyState>
    );
  }
  return <OperatorConsole />;
}

/**
 * /organiser/operator: Marquee's staff (`is_operator`, with two factors) approve and suspend organisations,
 * and take an event off the site or put it back.
 */
export function OperatorPage() {
  const { session } = useConsoleServices();
  return (
    <>
      <ConsolePageHeader
        title="Marquee operator"
        description={<p>Review the organisations that sell on Marquee. Everything done here is in their audit log.</p>}
      />
      {session.status === 'loading' ? (
        <ConsoleLoading label="Checking whether you are signed in…" rows={1} />
      ) : session.status === 'signed-out' ? (
        <SignInPrompt />
      ) : (
        <SignedInOperator user={session.email} />
      )}
    </>
  );
}
