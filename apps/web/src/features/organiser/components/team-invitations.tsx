import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { organiserKeys } from '../api/query-keys';
import { revokeInvitation } from '../api/revoke-invitation';
import { formatInstant } from '../lib/instant-display';
import { ROLE_NAMES } from '../lib/permissions';
import { problemMessage } from '../lib/problem-message';
import { FormProblems } from './form-problems';
import { EventsOf } from './team-member-card';

function InvitationItem({
  org,
  invitation,
  canManage,
  eventNames,
}: {
  org: string;
  invitation: Invitation;
  canManage: boolean;
  eventNames: ReadonlyMap<string, string>;
}) {
  const queryClient = useQueryClient();
  const [isRevoking, setIsRevoking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function revoke() {
    if (isRevoking) return;
    setIsRevoking(true);
    setProblem(null);
    try {
      await revokeInvitation(org, invitation.id);
    } catch (error) {
      setIsRevoking(false);
      setProblem(problemMessage(error));
      return;
    }
    toast.success(`The invitation to ${invitation.email} is revoked: its link no longer works.`);
    await queryClient.invalidateQueries({ queryKey: organiserKeys.team(org) });
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold break-all text-brand-950">{invitation.email}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Role</dt>
        <dd className="text-slate-900">{ROLE_NAMES[invitation.role]}</dd>
        <dt className="text-slate-700">Events</dt>
        <dd className="text-slate-900">
          <EventsOf access={invitation} eventNames={eventNames} />
        </dd>
        <dt className="text-slate-700">Expires</dt>
        <dd className="text-slate-900">{formatInstant(invitation.expires_at)}</dd>
        {invitation.invited_by ? (
          <>
            <dt className="text-slate-700">Invited by</dt>
            <dd className="break-all text-slate-900">{invitation.invited_by}</dd>
          </>
        ) : null}
      </dl>
      {problem ? <FormProblems messages={[problem]} /> : null}
      {canManage ? (
        <div>
          <Button
            variant="secondary"
            aria-label={`Revoke the invitation to ${invitation.email}`}
            aria-disabled={isRevoking || undefined}
            onClick={() => void revoke()}
          >
            {isRevoking ? 'Revoking…' : 'Revoke'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Invitations sent and not yet accepted (expired ones are gone): who, as what, until when. */
export function TeamInvitations({
  org,
  invitations,
  canManage,
  eventNames,
}: {
  org: string;
  invitations: readonly Invitation[];
  canManage: boolean;
  eventNames: ReadonlyMap<string, string>;
}) {
  if (invitations.length === 0) {
    return <p className="text-slate-700">No invitations are waiting to be accepted.</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <InvitationItem
          key={invitation.id}
          org={org}
          invitation={invitation}
          canManage={canManage}
          eventNames={eventNames}
        />
      ))}
    </ul>
  );
}
