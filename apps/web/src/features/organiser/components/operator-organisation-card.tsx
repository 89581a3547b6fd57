import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OperatorUnpublishBodySchema, type OperatorOrganisationSchema } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { organiserKeys } from '../api/query-keys';
import { setOrganisationStatus } from '../api/set-organisation-status';
import { fieldMessage, serverFieldErrors } from '../lib/field-errors';
import { formatDate } from '../lib/instant-display';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import { COUNTRY_NAMES } from '../lib/time-zones';
import { ActionDialog } from './action-dialog';
import { FormProblems } from './form-problems';
import { StatusPill } from './status-pill';
import { TextAreaField } from './text-area-field';

export type OperatorOrganisation = z.infer<typeof OperatorOrganisationSchema>;

export const ORGANISATION_STATUS_BADGES: Record<
  OperatorOrganisation['status'],
  { label: string; tone: 'green' | 'amber' | 'red' }
> = {
  pending: { label: 'Waiting for approval', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  suspended: { label: 'Suspended', tone: 'red' },
};

/** The reason's rule, the server's own (a suspension's reason is kept in the log and on its events). */
const ReasonSchema = OperatorUnpublishBodySchema.shape.reason;

function SuspendButton({ organisation }: { organisation: OperatorOrganisation }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);

  function close() {
    setIsOpen(false);
    setReason('');
    setReasonError(undefined);
    setProblems([]);
  }

  async function suspend() {
    const parsed = ReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setReasonError(fieldMessage('The reason', [parsed.error.issues[0]?.message ?? 'must say why']));
      return;
    }
    setReasonError(undefined);
    setProblems([]);
    setIsBusy(true);
    try {
      await setOrganisationStatus(organisation.slug, { to: 'suspended', reason: parsed.data });
    } catch (error) {
      setIsBusy(false);
      const reasonErrors = serverFieldErrors(error)?.['reason'];
      if (reasonErrors) setReasonError(fieldMessage('The reason', reasonErrors));
      else setProblems([problemMessage(error)]);
      return;
    }
    setIsBusy(false);
    close();
    toast.success(`${organisation.name} is suspended: its events are off the site.`);
    await queryClient.invalidateQueries({ queryKey: organiserKeys.operatorOrganisations() });
  }

  return (
    <>
      <Button
        variant="ghost"
        className="text-red-800 hover:bg-red-50"
        aria-haspopup="dialog"
        aria-label={`Suspend ${organisation.name}`}
        onClick={() => setIsOpen(true)}
      >
        Suspend
      </Button>
      <ActionDialog
        isOpen={isOpen}
        onClose={close}
        title={`Suspend ${organisation.name}?`}
        confirmLabel="Suspend"
        busyLabel="Suspending…"
        isBusy={isBusy}
        isDanger
        problems={problems}
        onConfirm={() => void suspend()}
      >
        <p>
          Every one of its events leaves the site and stops selling. Approving it again puts back the events this
          suspension takes off.
        </p>
        <TextAreaField
          label="Reason"
          hint="Kept in the organisation's audit log and on its events."
          // The dialog opens to ask exactly this.
          autoFocus
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
      </ActionDialog>
    </>
  );
}

function ApproveButton({ organisation }: { organisation: OperatorOrganisation }) {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function approve() {
    if (isBusy) return;
    setIsBusy(true);
    setProblem(null);
    try {
      await setOrganisationStatus(organisation.slug, { to: 'approved' });
    } catch (error) {
      setIsBusy(false);
      setProblem(problemMessage(error));
      return;
    }
    setIsBusy(false);
    toast.success(
      organisation.status === 'suspended'
        ? `${organisation.name} is approved again: the events its suspension took off are back.`
        : `${organisation.name} is approved: its events can be published.`,
    );
    await queryClient.invalidateQueries({ queryKey: organiserKeys.operatorOrganisations() });
  }

  return (
    <>
      <Button
        aria-label={`Approve ${organisation.name}`}
        aria-disabled={isBusy || undefined}
        onClick={() => void approve()}
      >
        {isBusy ? 'Approving…' : 'Approve'}
      </Button>
      {problem ? (
        <div className="basis-full">
          <FormProblems messages={[problem]} />
        </div>
      ) : null}
    </>
  );
}

/** One organisation as Marquee's staff see it: who runs it, its status, and approve or suspend. */
export function OperatorOrganisationCard({ organisation }: { organisation: OperatorOrganisation }) {
  const badge = ORGANISATION_STATUS_BADGES[organisation.status];
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-brand-950">
            <Link
              to={organiserPaths.organisation(organisation.slug)}
              className="underline-offset-2 hover:text-brand-700 hover:underline"
            >
              {organisation.name}
            </Link>
          </h3>
          <p className="font-mono text-xs text-slate-700">{organisation.slug}</p>
        </div>
        <StatusPill tone={badge.tone}>{badge.label}</StatusPill>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Country</dt>
        <dd className="text-slate-900">{COUNTRY_NAMES[organisation.country]}</dd>
        <dt className="text-slate-700">Owners</dt>
        <dd className="break-all text-slate-900">
          {organisation.owners.length > 0 ? organisation.owners.join(', ') : 'None'}
        </dd>
        <dt className="text-slate-700">Contact</dt>
        <dd className="break-all text-slate-900">{organisation.contact_email ?? 'None given'}</dd>
        <dt className="text-slate-700">Events</dt>
        <dd className="text-slate-900">{organisation.event_count.toLocaleString('en-GB')}</dd>
        <dt className="text-slate-700">Started</dt>
        <dd className="text-slate-900">{formatDate(organisation.created_at)}</dd>
        {organisation.approved_at ? (
          <>
            <dt className="text-slate-700">Approved</dt>
            <dd className="text-slate-900">{formatDate(organisation.approved_at)}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {organisation.status === 'approved' ? null : <ApproveButton organisation={organisation} />}
        {organisation.status === 'suspended' ? null : <SuspendButton organisation={organisation} />}
      </div>
    </li>
  );
}
