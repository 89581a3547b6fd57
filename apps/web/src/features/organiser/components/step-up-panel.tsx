import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toaster';
import { useTotpCodeForm } from '../hooks/use-totp-code-form';
import { CodeField } from './code-field';
import { FormProblems } from './form-problems';

/**
 * The step-up (decisions/032): owners and managers act in the console only from a session made with a second
 * factor. A session made without one (Google, Apple, or before two factors were on) confirms itself here with
 * the app's code, once; then the console asks the server again.
 */
export function StepUpPanel({ onConfirmed }: { onConfirmed: () => void }) {
  const headingId = useId();
  const { inputRef, code, setCode, codeError, problems, isSubmitting, onSubmit } = useTotpCodeForm({
    clearWrongCode: true,
    onVerified: () => {
      toast.success('Thank you. The console is open for this sign-in.');
      onConfirmed();
    },
  });

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold text-brand-950">
        Confirm it is you
      </h2>
      <p className="mt-2 text-slate-700">
        Owners and managers use the console with two factors. Enter the code your authenticator app shows for Marquee
        now; we ask once per sign-in.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4" aria-label="Confirm with a code">
        <FormProblems messages={problems} />
        <CodeField
          ref={inputRef}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeError}
        />
        <div>
          <Button type="submit" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? 'Checking…' : 'Confirm'}
          </Button>
        </div>
      </form>
    </section>
  );
}
