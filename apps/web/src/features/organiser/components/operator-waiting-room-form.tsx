import { useState, type FormEvent } from 'react';
import { OperatorWaitingRoomBodySchema } from '@marquee/domain/console';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { setEventWaitingRoom } from '../api/set-event-waiting-room';
import { fieldMessage, serverFieldErrors } from '../lib/field-errors';
import { problemMessage } from '../lib/problem-message';
import { FormProblems } from './form-problems';
import { OperatorEventSection, operatorEventTarget, unknownEventError } from './operator-event-form';

/**
 * An operator's switch for a rush the organiser did not foresee (issue 23): put an event's sale behind its
 * waiting room, at a rate of buyers let in per minute, or take it out again. Written in the organisation's audit log.
 */
export function OperatorWaitingRoomForm() {
  const [event, setEvent] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<{ event?: string | undefined; rate?: string | undefined }>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);

  async function run(action: 'on' | 'off') {
    if (busy) return;
    setProblems([]);
    const { uid, error: eventError } = operatorEventTarget(event);
    const next: typeof errors = { event: eventError };
    const parsedRate =
      rate.trim() === '' ? null : OperatorWaitingRoomBodySchema.shape.admit_per_minute.safeParse(Number(rate.trim()));
    if (parsedRate && !parsedRate.success)
      next.rate = fieldMessage('The rate', [parsedRate.error.issues[0]?.message ?? 'must be a whole number']);
    setErrors(next);
    if (next.event || next.rate) return;
    setBusy(action);
    try {
      await setEventWaitingRoom(uid, {
        enabled: action === 'on',
        ...(parsedRate?.success && parsedRate.data !== undefined ? { admit_per_minute: parsedRate.data } : {}),
      });
    } catch (error) {
      setBusy(null);
      const unknown = unknownEventError(error, uid);
      if (unknown) {
        setErrors({ event: unknown });
        return;
      }
      const rateErrors = serverFieldErrors(error)?.['admit_per_minute'];
      if (rateErrors) setErrors({ rate: fieldMessage('The rate', rateErrors) });
      else setProblems([problemMessage(error)]);
      return;
    }
    setBusy(null);
    toast.success(
      action === 'on'
        ? `The event ${uid} sells through its waiting room now.`
        : `The event ${uid} sells without a waiting room now.`,
    );
    setEvent('');
    setRate('');
  }

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    void run('on');
  }

  return (
    <OperatorEventSection
      title="A rush on an event"
      intro="Put an event's sale behind its waiting room (buyers queue, and are let in at the rate), or take it out. Buyers meet the change within a second."
    >
      {(headingId) => (
        <form noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormProblems messages={problems} />
          <TextField
            label="Event"
            autoComplete="off"
            spellCheck={false}
            hint="Its uid, or its address on the site."
            value={event}
            error={errors.event}
            onChange={(change) => setEvent(change.target.value)}
          />
          <TextField
            label="Buyers let in per minute"
            inputMode="numeric"
            autoComplete="off"
            hint="10 to 100,000. Leave it empty to keep the event's own rate."
            value={rate}
            error={errors.rate}
            onChange={(change) => setRate(change.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" aria-disabled={busy !== null || undefined}>
              {busy === 'on' ? 'Switching it on…' : 'Put it behind the waiting room'}
            </Button>
            <Button variant="secondary" aria-disabled={busy !== null || undefined} onClick={() => void run('off')}>
              {busy === 'off' ? 'Switching it off…' : 'Take it out of the waiting room'}
            </Button>
          </div>
        </form>
      )}
    </OperatorEventSection>
  );
}
