import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import type { OrganiserMeAnswer } from '@marquee/domain/organiser';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { organiserMeQueryOptions } from '../api/get-organiser-me';
import { organiserPaths } from '../lib/organiser-paths';
import { ROLE_NAMES } from '../lib/permissions';
import { ConsoleLoading } from './console-loading';
import { ConsoleQueryError } from './console-query-error';
import { useConsoleServices } from './console-services';
import { SignInPrompt } from './sign-in-prompt';
import { StatusPill } from './status-pill';

type Membership = OrganiserMeAnswer['organisations'][number];

const ORGANISATION_STATUS: Record<Membership['status'], { label: string; tone: 'green' | 'amber' | 'red' }> = {
  approved: { label: 'Approved', tone: 'green' },
  pending: { label: 'Waiting for approval', tone: 'amber' },
  suspended: { label: 'Suspended', tone: 'red' },
};

function NoOrganisation() {
  return (
    <EmptyState
      title="You are not in an organisation yet"
      action={
        <>
          <ButtonLink to={organiserPaths.newOrganisation()}>Start an organisation</ButtonLink>
          <ButtonLink variant="secondary" to={paths.contactUs()}>
            Contact Marquee
          </ButtonLink>
        </>
      }
    >
      <p>
        The console opens for members of an organisation that sells tickets on Marquee (a promoter, a theatre, a
        society). If yours is on Marquee already, ask one of its owners to invite this account: the invitation comes by
        e-mail. To bring a new organisation, start it here: Marquee reviews it before its events go on sale.
      </p>
    </EmptyState>
  );
}

/** Marquee's own staff: the operator's page, above their own organisations (if any). */
function OperatorEntry() {
  return (
    <Link
      to={organiserPaths.operator()}
      className="flex flex-col gap-1 rounded-2xl border border-brand-700 bg-brand-50 p-5 transition-colors hover:bg-white"
    >
      <span className="text-lg font-semibold text-brand-950">Marquee operator</span>
      <span className="text-sm text-slate-700">Approve and suspend organisations; take an event off the site.</span>
    </Link>
  );
}

function OrganisationList({ organisations }: { organisations: readonly Membership[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your organisations">
      {organisations.map((organisation) => {
        const status = ORGANISATION_STATUS[organisation.status];
        return (
          <li key={organisation.slug}>
            <Link
              to={organiserPaths.organisation(organisation.slug)}
              className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-700"
            >
              <span className="text-lg font-semibold text-brand-950">{organisation.name}</span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span>
                  {ROLE_NAMES[organisation.role]}
                  {organisation.all_events ? '' : ', chosen events'}
                </span>
                <StatusPill tone={status.tone}>{status.label}</StatusPill>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function StartAnother() {
  return (
    <p className="mt-6 text-sm text-slate-700">
      Selling for another organisation?{' '}
      <Link to={organiserPaths.newOrganisation()} className="font-semibold text-brand-700 underline underline-offset-2">
        Start an organisation
      </Link>
    </p>
  );
}

function SignedInChooser({ user }: { user: string }) {
  const me = useQuery(organiserMeQueryOptions(user));
  if (me.isPending) return <ConsoleLoading label="Loading your organisations…" rows={2} />;
  if (me.isError) {
    return (
      <ConsoleQueryError
        error={me.error}
        title="Your organisations could not be loaded"
        onRetry={() => void me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  }
  const { organisations, is_operator: isOperator } = me.data;
  const [only] = organisations;
  // One organisation (and no operator's page): nothing to choose.
  if (!isOperator && organisations.length === 1 && only) {
    return <Navigate to={organiserPaths.organisation(only.slug)} replace />;
  }
  return (
    <div className="flex flex-col gap-4">
      {isOperator ? <OperatorEntry /> : null}
      {organisations.length === 0 ? (
        <NoOrganisation />
      ) : (
        <>
          <OrganisationList organisations={organisations} />
          <StartAnother />
        </>
      )}
    </div>
  );
}

/** /organiser: which organisation to open (signed out: sign in first). */
export function OrganisationChooser() {
  const { session } = useConsoleServices();
  if (session.status === 'loading') return <ConsoleLoading label="Checking whether you are signed in…" rows={2} />;
  if (session.status === 'signed-out') return <SignInPrompt />;
  return <SignedInChooser user={session.email} />;
}
