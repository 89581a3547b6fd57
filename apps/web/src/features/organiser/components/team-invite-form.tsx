import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { InvitationBodySchema, type InvitationBody } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { inviteMember } from '../api/invite-member';
import { organiserKeys } from '../api/query-keys';
import { fieldMessage, placeServerErrors } from '../lib/field-errors';
import { FormProblems } from './form-problems';
import { TeamAccessFields, type TeamAccess } from './team-access-fields';

/** The server's rule for a limited invitation, checked before sending (its own words, team/service.ts). */
const CHOOSE_EVENTS = 'Choose at least one event, or give all events.';

const InviteFormSchema = InvitationBodySchema.superRefine((body, ctx) => {
  if (body.role !== 'owner' && !body.all_events && body.event_uids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['event_uids'], message: CHOOSE_EVENTS });
});
type InviteFormInput = z.input<typeof InviteFormSchema>;

const FIELDS = ['email', 'role', 'all_events', 'event_uids'] as const;
type FieldName = (typeof FIELDS)[number];

/** A server key (`event_uids.2`) as the form's field. */
function fieldOf(key: string): FieldName | null {
  const head = key.split('.')[0];
  return FIELDS.find((field) => field === head) ?? null;
}

const DEFAULTS: InviteFormInput = { email: '', role: 'manager', all_events: true, event_uids: [] };

/**
 * Invite someone by e-mail (owners: `team.manage`): the address, a role with what it may do, and all events
 * or chosen ones. The link is e-mailed; the invitation shows in the pending list until it is accepted.
 */
export function TeamInviteForm({ org, onDone }: { org: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<InviteFormInput, unknown, InvitationBody>({
    resolver: zodResolver(InviteFormSchema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const [role, allEvents, eventUids] = useWatch({ control, name: ['role', 'all_events', 'event_uids'] });
  const access: TeamAccess = { role, all_events: allEvents ?? true, event_uids: eventUids ?? [] };

  function onAccessChange(next: TeamAccess) {
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('role', next.role, options);
    setValue('all_events', next.all_events, options);
    setValue('event_uids', next.event_uids, options);
  }

  async function submit(values: InvitationBody) {
    setProblems([]);
    try {
      const invitation = await inviteMember(org, values);
      await queryClient.invalidateQueries({ queryKey: organiserKeys.team(org) });
      toast.success(`An invitation is on its way to ${invitation.email}.`);
      reset(DEFAULTS);
      onDone();
    } catch (error) {
      // Already a member, or already invited: about the address.
      if (isApiError(error, 'conflict')) {
        setError('email', { message: error.body.message }, { shouldFocus: true });
        return;
      }
      setProblems(
        placeServerErrors(error, fieldOf, (field, message) =>
          setError(field, { message }, { shouldFocus: field === 'email' }),
        ),
      );
    }
  }

  const emailError = errors.email?.message;
  return (
    <form
      noValidate
      aria-label="Invite someone"
      onSubmit={(event) => {
        if (isSubmitting) return event.preventDefault();
        void handleSubmit(submit)(event);
      }}
      className="flex flex-col gap-5"
    >
      <FormProblems messages={problems} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        // Opened on purpose by "Invite someone": the address is what comes first.
        autoFocus
        hint="The invitation works only for the account with this address."
        error={emailError ? fieldMessage('E-mail', [emailError]) : undefined}
        {...register('email')}
      />
      <TeamAccessFields
        org={org}
        value={access}
        onChange={onAccessChange}
        errors={{
          role: errors.role?.message,
          all_events: errors.all_events?.message,
          event_uids: errors.event_uids?.message,
        }}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Sending…' : 'Send the invitation'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
