import type { FormEvent, ReactNode } from 'react';
import type { ResetStatus } from '@marquee/domain/accounts-session';

/** The red alert under a form's title: every message the server sent (spec 8: register errors). */
export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The `reset` parameter's message, in the login or reset modal; it takes the first focus so it is read. */
export function StatusNotice({ notice }: { notice: ResetStatus }) {
  const isSuccess = notice.status === 'success';
  return (
    <div
      role={isSuccess ? 'status' : 'alert'}
      tabIndex={-1}
      data-autofocus
      className={`rounded-lg border p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-700 ${
        isSuccess ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-red-300 bg-red-50 text-red-900'
      }`}
    >
      {notice.message}
    </div>
  );
}

export function SubmitButton({ isBusy, label, busyLabel }: { isBusy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      // Not disabled while busy: a disabled button would drop the keyboard focus; the form ignores a second submit.
      aria-disabled={isBusy || undefined}
      className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-900 aria-disabled:cursor-wait"
    >
      {isBusy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
        />
      ) : null}
      {isBusy ? busyLabel : label}
    </button>
  );
}

/** A link-styled button that moves between the modals. */
export function SwitchLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-6 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {children}
    </button>
  );
}

/**
 * An account form: the schema's messages instead of the browser's validation, the server's problems in a
 * red alert on top, and a second submit ignored while the first is in flight.
 */
export function AccountForm({
  label,
  isSubmitting,
  problems,
  onSubmit,
  className = 'flex flex-col gap-4',
  children,
}: {
  label: string;
  isSubmitting: boolean;
  problems: string[];
  /** react-hook-form's `handleSubmit(…)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        if (isSubmitting) return event.preventDefault();
        void onSubmit(event);
      }}
      className={className}
    >
      <FormAlert messages={problems} />
      {children}
    </form>
  );
}

/** The e-mail field's fixed props, for `<TextField {...EMAIL_FIELD} … />`. */
export const EMAIL_FIELD = { label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' } as const;
