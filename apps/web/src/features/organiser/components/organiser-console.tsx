import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, NavLink, useParams } from 'react-router';
import type { OrganisationAnswer, OrganiserMeAnswer } from '@marquee/domain/organiser';
import type { Permission } from '@marquee/domain/permissions';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { organisationQueryOptions } from '../api/get-organisation';
import { organiserMeQueryOptions } from '../api/get-organiser-me';
import { consolePageOf } from '../lib/console-page';
import { organiserPaths } from '../lib/organiser-paths';
import { consoleRoleOf, mayUse, roleName, type ConsoleRole } from '../lib/permissions';
import { AuditPage } from './audit-page';
import { ConsoleLoading } from './console-loading';
import { ConsoleOrganisationNameContext, ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { useConsoleServices } from './console-services';
import { EventPage } from './event-page';
import { EventPreviewPage } from './event-preview-page';
import { EventsPage } from './events-page';
import { GateEventsPage } from './gate-events-page';
import { GatePage } from './gate-page';
import { GateScannerPage } from './gate-scanner-page';
import { ImportPage } from './import-page';
import { IntegrationsPage } from './integrations-page';
import { NewEventPage } from './new-event-page';
import { NewVenuePage } from './new-venue-page';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { EventReportPage } from './report-event-page';
import { OrganisationReportPage } from './report-organisation-page';
import { SignInPrompt } from './sign-in-prompt';
import { TeamPage } from './team-page';
import { VenuePage } from './venue-page';
import { VenuesPage } from './venues-page';

interface NavItem {
  label: string;
  to: (org: string) => string;
  permission: Permission;
}

/** The console's sections, each shown only to a role the server would let in. */
const NAV: readonly NavItem[] = [
  { label: 'Events', to: organiserPaths.events, permission: 'event.read' },
  { label: 'Venues', to: organiserPaths.venues, permission: 'venue.read' },
  { label: 'Orders', to: organiserPaths.orders, permission: 'order.read' },
  { label: 'Gate', to: organiserPaths.gates, permission: 'checkin.scan' },
  { label: 'Reports', to: organiserPaths.reports, permission: 'report.read' },
  { label: 'Import', to: organiserPaths.imports, permission: 'import.run' },
  { label: 'Team', to: organiserPaths.team, permission: 'team.read' },
  { label: 'Audit log', to: organiserPaths.audit, permission: 'audit.read' },
  { label: 'Integrations', to: organiserPaths.integrations, permission: 'integration.manage' },
];

const STATUS_NOTICES: Record<OrganisationAnswer['status'], string | null> = {
  approved: null,
  pending:
    'Marquee has not approved this organisation yet. You can add venues and prepare events; publishing waits for the approval.',
  suspended: 'Marquee has suspended this organisation: its events are not on sale. Contact us to put it right.',
};

function ConsoleNav({ org, items }: { org: string; items: readonly NavItem[] }) {
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {items.map((item) => (
          <li key={item.label}>
            <NavLink
              to={item.to(org)}
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold transition-colors ${
                  isActive
                    ? 'bg-brand-700 text-white'
                    : 'bg-white text-brand-950 ring-1 ring-slate-200 hover:bg-brand-50'
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page the role cannot open: said plainly (the link to it is hidden; an address typed by hand lands here). */
function NotForYourRole() {
  return (
    <>
      <ConsolePageHeader title="Not for your role" />
      <EmptyState title="Your role does not allow this">
        <p>An owner of the organisation can change your role.</p>
      </EmptyState>
    </>
  );
}

function ConsoleNotFound({ org }: { org: string }) {
  return (
    <>
      <ConsolePageHeader title="Page not found" />
      <EmptyState
        title="This page is not in the console"
        action={<ButtonLink to={organiserPaths.organisation(org)}>Back to the console</ButtonLink>}
      >
        <p>The address may be mistyped, or the page may come in a later version of the console.</p>
      </EmptyState>
    </>
  );
}

/** A role with none of the sections (the door, until the scanner comes): what it is for. */
function NothingToOpen({ role }: { role: ConsoleRole }) {
  return (
    <>
      <ConsolePageHeader title="Organiser console" />
      <EmptyState title="Nothing here for your role yet">
        <p>
          You are {roleName(role).toLowerCase()} staff: you scan tickets at the gate, which the console does not offer
          yet. Events, venues and the team are for other roles.
        </p>
      </EmptyState>
    </>
  );
}

function ConsolePages({ organisation, role }: { organisation: OrganisationAnswer; role: ConsoleRole }) {
  const org = organisation.slug;
  const { '*': rest = '' } = useParams();
  const page = consolePageOf(rest);
  const gate = (permission: Permission, content: ReactNode) =>
    mayUse(role, permission) ? content : <NotForYourRole />;
  switch (page.name) {
    case 'index': {
      const first = NAV.find((item) => mayUse(role, item.permission));
      return first ? <Navigate to={first.to(org)} replace /> : <NothingToOpen role={role} />;
    }
    case 'events':
      return gate('event.read', <EventsPage org={org} role={role} />);
    case 'new-event':
      return gate('event.read', <NewEventPage org={org} role={role} />);
    case 'event':
      return gate('event.read', <EventPage key={page.eventUid} org={org} eventUid={page.eventUid} role={role} />);
    case 'event-preview':
      return gate('event.read', <EventPreviewPage key={page.eventUid} org={org} eventUid={page.eventUid} />);
    case 'venues':
      return gate('venue.read', <VenuesPage org={org} role={role} />);
    case 'new-venue':
      return gate('venue.read', <NewVenuePage organisation={organisation} role={role} />);
    case 'venue':
      return gate('venue.read', <VenuePage key={page.venueId} org={org} venueId={page.venueId} role={role} />);
    case 'team':
      return gate('team.read', <TeamPage org={org} organisationName={organisation.name} role={role} />);
    case 'audit':
      return gate('audit.read', <AuditPage org={org} />);
    case 'imports':
      return gate('import.run', <ImportPage org={org} />);
    case 'orders':
      return gate('order.read', <OrdersPage org={org} role={role} />);
    case 'order':
      return gate('order.read', <OrderPage key={page.bookingId} org={org} bookingId={page.bookingId} role={role} />);
    case 'reports':
      return gate('report.read', <OrganisationReportPage org={org} />);
    case 'event-report':
      return gate('report.read', <EventReportPage key={page.eventUid} org={org} eventUid={page.eventUid} />);
    case 'gates':
      return gate('checkin.scan', <GateEventsPage org={org} />);
    case 'gate':
      return gate('checkin.scan', <GatePage key={page.eventUid} org={org} eventUid={page.eventUid} role={role} />);
    case 'gate-scanner':
      return gate(
        'checkin.scan',
        <GateScannerPage
          key={`${page.eventUid}/${page.listId}`}
          org={org}
          eventUid={page.eventUid}
          listId={page.listId}
        />,
      );
    case 'integrations':
      return gate('integration.manage', <IntegrationsPage org={org} role={role} />);
    case 'not-found':
      return <ConsoleNotFound org={org} />;
  }
}

function ConsoleShell({
  organisation,
  me,
  role,
}: {
  organisation: OrganisationAnswer;
  me: OrganiserMeAnswer;
  role: ConsoleRole;
}) {
  const org = organisation.slug;
  const items = NAV.filter((item) => mayUse(role, item.permission));
  const notice = STATUS_NOTICES[organisation.status];
  const hasOthers = me.organisations.some((each) => each.slug !== org);
  return (
    <ConsoleOrganisationNameContext.Provider value={organisation.name}>
      <div className="flex flex-col gap-1 border-b border-slate-200 pb-4">
        <p className="text-sm text-slate-700">
          Organiser console
          {hasOthers ? (
            <>
              {' · '}
              <Link to={organiserPaths.home()} className="font-semibold text-brand-700 underline underline-offset-2">
                Switch organisation
              </Link>
            </>
          ) : null}
        </p>
        <p className="text-xl font-bold text-brand-950 sm:text-2xl">{organisation.name}</p>
        <p className="text-sm text-slate-700">Your role: {roleName(role)}</p>
      </div>
      {notice ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{notice}</p>
      ) : null}
      <div className="mt-4 lg:mt-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        {items.length > 0 ? <ConsoleNav org={org} items={items} /> : <div />}
        <div className="mt-6 min-w-0 lg:mt-0">
          <ConsolePages organisation={organisation} role={role} />
        </div>
      </div>
    </ConsoleOrganisationNameContext.Provider>
  );
}

/** Before the shell can show (signing in, a code, a refusal): the console's own title above it. */
function ConsoleDoor({ children }: { children: ReactNode }) {
  return (
    <>
      <ConsolePageHeader title="Organiser console" />
      {children}
    </>
  );
}

function SignedInConsole({ org, user }: { org: string; user: string }) {
  const me = useQuery(organiserMeQueryOptions(user));
  const organisation = useQuery(organisationQueryOptions(org));
  // The organisation's answer is the door: it says not found, two factors needed or a role refused.
  if (organisation.isError) {
    return (
      <ConsoleDoor>
        <ConsoleQueryError
          error={organisation.error}
          title="The console could not be opened"
          onRetry={() => void organisation.refetch()}
          isRetrying={organisation.isFetching}
          notFound={{
            title: 'No such organisation',
            message: 'This organisation does not exist on Marquee, or this account is not one of its members.',
            back: { to: organiserPaths.home(), label: 'Your organisations' },
          }}
        />
      </ConsoleDoor>
    );
  }
  if (me.isError) {
    return (
      <ConsoleDoor>
        <ConsoleQueryError
          error={me.error}
          title="The console could not be opened"
          onRetry={() => void me.refetch()}
          isRetrying={me.isFetching}
        />
      </ConsoleDoor>
    );
  }
  if (organisation.isPending || me.isPending) {
    return (
      <ConsoleDoor>
        <ConsoleLoading label="Opening the console…" />
      </ConsoleDoor>
    );
  }
  // Admitted by the server but not in /me's answer (a membership made a moment ago): the narrowest role.
  const role = consoleRoleOf(me.data, org) ?? { kind: 'member', role: 'door', allEvents: false };
  return <ConsoleShell organisation={organisation.data} me={me.data} role={role} />;
}

/** /organiser/{org}/*: the console of one organisation, once signed in (and, for owners and managers, with a code). */
export function OrganiserConsole() {
  const { org = '' } = useParams();
  const { session } = useConsoleServices();
  if (session.status === 'signed-in') return <SignedInConsole org={org} user={session.email} />;
  return (
    <ConsoleDoor>
      {session.status === 'loading' ? <ConsoleLoading label="Checking whether you are signed in…" /> : <SignInPrompt />}
    </ConsoleDoor>
  );
}
