import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EmailSchema } from '@marquee/domain/checkout';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { subscribe } from '../api/subscribe';
import { notifyMeErrorMessage } from '../lib/error-message';

const NotifyMeFormSchema = z.object({ email: EmailSchema });
type NotifyMeFormValues = z.infer<typeof NotifyMeFormSchema>;

export interface NotifyMeProps {
  eventUid: string;
  eventName: string;
  /** The signed-in buyer's e-mail, to start the form with; null when nobody is signed in. */
  defaultEmail: string | null;
}

/**
 * Notify Me (issue 23) on a pending or presale event: a button that opens a small form (the e-mail, and the human
 * check, loaded only when the form opens), then "Check your e-mail to confirm": the server sends a link first
 * (double opt-in), and one e-mail when the sale opens.
 */
export function NotifyMe({ eventUid, eventName, defaultEmail }: NotifyMeProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formId = useId();

  if (sentTo !== null) return <NotifyMeSent email={sentTo} eventName={eventName} />;
  return (
    <div className="flex flex-col gap-4">
      <Button
        variant={isOpen ? 'secondary' : 'primary'}
        size="lg"
        aria-expanded={isOpen}
        aria-controls={isOpen ? formId : undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        Notify Me
      </Button>
      {isOpen ? (
        <NotifyMeForm
          id={formId}
          eventUid={eventUid}
          eventName={eventName}
          defaultEmail={defaultEmail}
          onSent={setSentTo}
        />
      ) : null}
    </div>
  );
}

function NotifyMeForm({
  id,
  eventUid,
  eventName,
  defaultEmail,
  onSent,
}: NotifyMeProps & { id: string; onSent: (email: string) => void }) {
  const { captcha, submit } = useCaptchaSubmit();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof NotifyMeFormSchema>, unknown, NotifyMeFormValues>({
    resolver: zodResolver(NotifyMeFormSchema),
    defaultValues: { email: defaultEmail ?? '' },
  });
  // The session may answer after the form opened: its e-mail fills the field if the buyer has typed nothing.
  useEffect(() => {
    if (defaultEmail && getValues('email') === '') setValue('email', defaultEmail);
  }, [defaultEmail, getValues, setValue]);

  async function onSubmit(values: NotifyMeFormValues) {
    setProblem(null);
    try {
      await submit((captchaPayload) => subscribe({ eventUid, email: values.email, captcha: captchaPayload }));
      onSent(values.email);
    } catch (error) {
      setProblem(notifyMeErrorMessage(error));
    }
  }

  return (
    <form
      id={id}
      noValidate
      aria-label={`Notify Me about ${eventName}`}
      aria-busy={isSubmitting || undefined}
      onSubmit={(event) => {
        if (isSubmitting) return event.preventDefault();
        void handleSubmit(onSubmit)(event);
      }}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-sm text-slate-700">
        We will e-mail you once, when tickets go on sale. First we send a link to confirm the address.
      </p>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        // Opened by the buyer's own click: the field they came to fill takes the focus.
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      {captcha}
      <Button type="submit" aria-disabled={isSubmitting || undefined} className="aria-disabled:cursor-wait">
        {isSubmitting ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
          />
        ) : null}
        {isSubmitting ? 'Sending…' : 'Send me the link'}
      </Button>
    </form>
  );
}

/** Sent: takes the focus (the form it replaces had it), so the news is read out. */
function NotifyMeSent({ email, eventName }: { email: string; eventName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex flex-col gap-1 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <p className="font-semibold">Check your e-mail to confirm.</p>
      <p className="text-sm">
        We sent a link to <span className="font-semibold break-all">{email}</span>. Open it to get one e-mail when
        tickets for {eventName} go on sale.
      </p>
    </div>
  );
}
