import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { OperatorEventParamsSchema, OperatorUnpublishBodySchema } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { setEventUnpublished } from '../api/set-event-unpublished';
import { fieldMessage, serverFieldErrors } from '../lib/field-errors';
import { problemMessage } from '../lib/problem-message';
import { FormProblems } from './form-problems';
import { TextAreaField } from './text-area-field';

/** An event's uid, from the uid itself or its whole buyer address (`…/concerts/jazz-night/ab12cd34`). */
export function eventUidFrom(text: string): string {
  const trimmed = text.trim();
  const path = trimmed.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return segments.at(-1) ?? '';
}

/** The uid an operator's event field names, and the field's error when it names none. */
export function operatorEventTarget(text: string): { uid: string; error: string | undefined } {
  const uid = eventUidFrom(text);
  const isUid = OperatorEventParamsSchema.safeParse({ eventUid: uid }).success;
  return { uid, error: isUid ? undefined : "Enter the event's uid, or paste its address on the site." };
}

/** The event field's error for an operator call's 404 (no such event), else null. */
export function unknownEventError(error: unknown, uid: string): string | null {
  return isApiError(error, 'not_found') ? `No event on Marquee has the uid ${uid}.` : null;
}

/** One of the operator page's event forms: a card with its heading (which names the form) and what it does. */
export function OperatorEventSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (headingId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-brand-950">
        {title}
      </h2>
      <p className="text-slate-700">{intro}</p>
      {children(`${id}-heading`)}
    </section>
  );
}

/**
 * Take an event off the site, by its uid and with a reason (it stops selling; its organisation still sees it,
 * marked), or put one back. Either is written in the organisation's audit log.
 */
export function OperatorEventForm() {
  const [event, setEvent] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ event?: string | undefined; reason?: string | undefined }>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'off' | 'back' | null>(null);

  async function run(action: 'off' | 'back') {
    if (busy) return;
    setProblems([]);
    const { uid, error: eventError } = operatorEventTarget(event);
    const next: typeof errors = { event: eventError };
    const parsedReason = OperatorUnpublishBodySchema.shape.reason.safeParse(reason);
    if (action === 'off' && !parsedReason.success)
      next.reason = fieldMessage('The reason', [parsedReason.error.issues[0]?.message ?? 'must say why']);
    setErrors(next);
    if (next.event || next.reason) return;
    setBusy(action);
    try {
      await setEventUnpublished(uid, action === 'off' && parsedReason.success ? parsedReason.data : null);
    } catch (error) {
      setBusy(null);
      const unknown = unknownEventError(error, uid);
      if (unknown) {
        setErrors({ event: unknown });
        return;
      }
      const reasonErrors = serverFieldErrors(error)?.['reason'];
      if (reasonErrors) setErrors({ reason: fieldMessage('The reason', reasonErrors) });
      // Already off (or already on): the server's words.
      else setProblems([problemMessage(error)]);
      return;
    }
    setBusy(null);
    toast.success(action === 'off' ? `The event ${uid} is off the site.` : `The event ${uid} is back on the site.`);
    setEvent('');
    setReason('');
  }

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    void run('off');
  }

  return (
    <OperatorEventSection
      title="An event on the site"
      intro="Take an event off the site (buyers no longer find it, and it sells nothing; its organisation still sees it), or put it back."
    >
      {(headingId) => (
        <form noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormProblems messages={problems} />
          <TextField
            label="Event"
            autoComplete="off"
            spellCheck={false}
            hint="Its uid, or its address on the site (the uid is the address's last part)."
            value={event}
            error={errors.event}
            onChange={(change) => setEvent(change.target.value)}
          />
          <TextAreaField
            label="Reason"
            hint="Needed to take it off; kept in the organisation's audit log."
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(change) => setReason(change.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" className="bg-red-700 hover:bg-red-800" aria-disabled={busy !== null || undefined}>
              {busy === 'off' ? 'Taking it off…' : 'Take it off the site'}
            </Button>
            <Button variant="secondary" aria-disabled={busy !== null || undefined} onClick={() => void run('back')}>
              {busy === 'back' ? 'Putting it back…' : 'Put it back on the site'}
            </Button>
          </div>
        </form>
      )}
    </OperatorEventSection>
  );
}
