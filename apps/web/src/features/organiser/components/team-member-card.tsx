import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberPatchBody, TeamMember } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { organiserKeys } from '../api/query-keys';
import { removeMember } from '../api/remove-member';
import { updateMember } from '../api/update-member';
import { serverFieldErrors } from '../lib/field-errors';
import { formatDate } from '../lib/instant-display';
import { ROLE_NAMES } from '../lib/permissions';
import { problemMessage } from '../lib/problem-message';
import { ActionDialog } from './action-dialog';
import { FormProblems } from './form-problems';
import { StatusPill } from './status-pill';
import { TeamAccessFields, type TeamAccess, type TeamAccessErrors } from './team-access-fields';

/** The events of someone limited to chosen ones, by name (a uid the reader cannot see stays a uid). */
export function EventsOf({
  access,
  eventNames,
}: {
  access: { all_events: boolean; event_uids: readonly string[] };
  eventNames: ReadonlyMap<string, string>;
}) {
  if (access.all_events) return <>All events</>;
  if (access.event_uids.length === 0) return <>No events</>;
  return (
    <ul className="flex flex-col">
      {access.event_uids.map((uid) => (
        <li key={uid}>{eventNames.get(uid) ?? uid}</li>
      ))}
    </ul>
  );
}

function sameEvents(first: readonly string[], second: readonly string[]): boolean {
  return [...first].sort().join('\n') === [...second].sort().join('\n');
}

/** What a PATCH sends: only what changed (an owner has all events by the role itself). */
export function memberPatchOf(member: TeamMember, next: TeamAccess): MemberPatchBody {
  const patch: MemberPatchBody = {};
  if (next.role !== member.role) patch.role = next.role;
  if (next.role === 'owner') return patch;
  if (next.all_events !== member.all_events) patch.all_events = next.all_events;
  if (!next.all_events && (member.all_events || !sameEvents(member.event_uids, next.event_uids)))
    patch.event_uids = next.event_uids;
  return patch;
}

function MemberEditor({ org, member, onDone }: { org: string; member: TeamMember; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [access, setAccess] = useState<TeamAccess>({
    role: member.role,
    all_events: member.all_events,
    event_uids: member.event_uids,
  });
  const [errors, setErrors] = useState<TeamAccessErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [isSaving, setIsSaving] = useState(false);

  async function save() {
    if (isSaving) return;
    setProblems([]);
    setErrors({});
    if (access.role !== 'owner' && !access.all_events && access.event_uids.length === 0) {
      setErrors({ event_uids: 'Choose at least one event, or give all events.' });
      return;
    }
    const patch = memberPatchOf(member, access);
    if (Object.keys(patch).length === 0) {
      toast('Nothing has changed.');
      onDone();
      return;
    }
    setIsSaving(true);
    try {
      await updateMember(org, member.id, patch);
    } catch (error) {
      setIsSaving(false);
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        const by = (field: string) =>
          Object.entries(fieldErrors)
            .filter(([key]) => key === field || key.startsWith(`${field}.`))
            .flatMap(([, messages]) => messages)
            .join(' ') || undefined;
        setErrors({ role: by('role'), all_events: by('all_events'), event_uids: by('event_uids') });
        return;
      }
      // The last owner (409 `last_owner`), a role that no longer allows it: the server's words.
      setProblems([problemMessage(error)]);
      return;
    }
    setIsSaving(false);
    await queryClient.invalidateQueries({ queryKey: organiserKeys.team(org) });
    toast.success(`${member.name || member.email}'s access is saved.`);
    onDone();
  }

  return (
    <form
      noValidate
      aria-label={`Change ${member.name || member.email}'s role or events`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="mt-2 flex flex-col gap-4 border-t border-slate-200 pt-4"
    >
      <FormProblems messages={problems} />
      <TeamAccessFields org={org} value={access} onChange={setAccess} errors={errors} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={isSaving || undefined}>
          {isSaving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemoveMember({
  org,
  member,
  organisationName,
}: {
  org: string;
  member: TeamMember;
  organisationName: string;
}) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const who = member.name || member.email;

  async function remove() {
    setIsBusy(true);
    setProblems([]);
    try {
      await removeMember(org, member.id);
    } catch (error) {
      setIsBusy(false);
      // Removed by someone else meanwhile: the list is out of date, and the answer says so.
      if (isApiError(error, 'not_found')) void queryClient.invalidateQueries({ queryKey: organiserKeys.team(org) });
      setProblems([problemMessage(error)]);
      return;
    }
    setIsBusy(false);
    setIsOpen(false);
    toast.success(`${who} is no longer on the team.`);
    await queryClient.invalidateQueries({ queryKey: organiserKeys.team(org) });
  }

  return (
    <>
      <Button
        variant="ghost"
        className="text-red-800 hover:bg-red-50"
        aria-label={`Remove ${who}`}
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        Remove
      </Button>
      <ActionDialog
        isOpen={isOpen}
        onClose={() => {
          setIsOpen(false);
          setProblems([]);
        }}
        title={`Remove ${who}?`}
        confirmLabel="Remove from the team"
        busyLabel="Removing…"
        isBusy={isBusy}
        isDanger
        problems={problems}
        onConfirm={() => void remove()}
      >
        <p>
          {who} ({member.email}) will no longer open {organisationName}&apos;s console. Their events stay as they are;
          invite them again to bring them back.
        </p>
      </ActionDialog>
    </>
  );
}

interface TeamMemberCardProps {
  org: string;
  organisationName: string;
  member: TeamMember;
  isYou: boolean;
  canManage: boolean;
  eventNames: ReadonlyMap<string, string>;
}

/** One member: who, their role and events, whether their account has two factors, and (owners) the changes. */
export function TeamMemberCard({ org, organisationName, member, isYou, canManage, eventNames }: TeamMemberCardProps) {
  const [isEditing, setIsEditing] = useState(false);
  const changeButtonRef = useRef<HTMLButtonElement>(null);
  const who = member.name || member.email;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-brand-950">
            {member.name || member.email}
            {isYou ? <span className="font-normal text-slate-700"> (you)</span> : null}
          </h3>
          <p className="text-sm break-all text-slate-700">{member.email}</p>
        </div>
        {member.two_factor ? (
          <StatusPill tone="green">Two factors on</StatusPill>
        ) : (
          <StatusPill tone="amber">Two factors off</StatusPill>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Role</dt>
        <dd className="text-slate-900">{ROLE_NAMES[member.role]}</dd>
        <dt className="text-slate-700">Events</dt>
        <dd className="text-slate-900">
          <EventsOf access={member} eventNames={eventNames} />
        </dd>
        <dt className="text-slate-700">Joined</dt>
        <dd className="text-slate-900">{formatDate(member.joined_at)}</dd>
      </dl>
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button
            ref={changeButtonRef}
            variant="secondary"
            aria-label={`Change role or events of ${who}`}
            aria-expanded={isEditing}
            onClick={() => setIsEditing((open) => !open)}
          >
            Change role or events
          </Button>
          <RemoveMember org={org} member={member} organisationName={organisationName} />
        </div>
      ) : null}
      {canManage && isEditing ? (
        <MemberEditor
          org={org}
          member={member}
          onDone={() => {
            setIsEditing(false);
            changeButtonRef.current?.focus();
          }}
        />
      ) : null}
    </li>
  );
}
