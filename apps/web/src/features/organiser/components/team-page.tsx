import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { consoleEventsQueryOptions } from '../api/get-console-events';
import { teamQueryOptions } from '../api/get-team';
import { mayUse, type ConsoleRole } from '../lib/permissions';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { ConsoleQueryError } from './console-query-error';
import { useConsoleServices } from './console-services';
import { TeamInvitations } from './team-invitations';
import { TeamInviteForm } from './team-invite-form';
import { TeamMemberCard } from './team-member-card';

/** Event names by uid, for members limited to chosen events (empty until the events load). */
function useEventNames(org: string): ReadonlyMap<string, string> {
  const events = useQuery(consoleEventsQueryOptions(org));
  return new Map((events.data?.events ?? []).map((event) => [event.uid, event.name]));
}

/**
 * /organiser/{org}/team: the members (role, events, two factors) and the pending invitations; owners
 * (`team.manage`) invite, revoke, change a member's role or events, and remove a member.
 */
export function TeamPage({
  org,
  organisationName,
  role,
}: {
  org: string;
  organisationName: string;
  role: ConsoleRole;
}) {
  const team = useQuery(teamQueryOptions(org));
  const eventNames = useEventNames(org);
  const { session } = useConsoleServices();
  const canManage = mayUse(role, 'team.manage');
  const [isInviting, setIsInviting] = useState(false);
  const inviteButtonRef = useRef<HTMLButtonElement>(null);
  const you = session.status === 'signed-in' ? session.email.toLowerCase() : null;

  const header = (
    <ConsolePageHeader
      title="Team"
      description={<p>Who opens this console, and what each of them may do.</p>}
      action={
        canManage ? (
          <Button
            ref={inviteButtonRef}
            aria-expanded={isInviting}
            aria-controls="team-invite-section"
            onClick={() => setIsInviting((open) => !open)}
          >
            Invite someone
          </Button>
        ) : null
      }
    />
  );
  const inviteSection =
    canManage && isInviting ? (
      <section
        id="team-invite-section"
        aria-labelledby="team-invite"
        className="mb-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="team-invite" className="mb-4 text-xl font-semibold text-brand-950">
          Invite someone
        </h2>
        <TeamInviteForm
          org={org}
          onDone={() => {
            setIsInviting(false);
            inviteButtonRef.current?.focus();
          }}
        />
      </section>
    ) : null;

  if (team.isPending) {
    return (
      <>
        {header}
        <ConsoleLoading label="Loading the team…" />
      </>
    );
  }
  if (team.isError) {
    return (
      <>
        {header}
        <ConsoleQueryError
          error={team.error}
          title="The team could not be loaded"
          onRetry={() => void team.refetch()}
          isRetrying={team.isFetching}
        />
      </>
    );
  }
  const { members, invitations } = team.data;
  return (
    <>
      {header}
      {inviteSection}
      <section aria-labelledby="team-members" className="flex flex-col gap-4">
        <h2 id="team-members" className="text-xl font-semibold text-brand-950">
          Members ({members.length})
        </h2>
        {members.length === 0 ? (
          <EmptyState title="No members" headingLevel={3}>
            <p>Nobody is on this team yet.</p>
          </EmptyState>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Members">
            {members.map((member) => (
              <TeamMemberCard
                key={member.id}
                org={org}
                organisationName={organisationName}
                member={member}
                isYou={member.email.toLowerCase() === you}
                canManage={canManage}
                eventNames={eventNames}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="team-invitations" className="mt-8 flex flex-col gap-4">
        <h2 id="team-invitations" className="text-xl font-semibold text-brand-950">
          Pending invitations ({invitations.length})
        </h2>
        <TeamInvitations org={org} invitations={invitations} canManage={canManage} eventNames={eventNames} />
      </section>
    </>
  );
}
