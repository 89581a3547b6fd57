import { useId, useRef, useState, type FormEvent } from 'react';
import type { EnableTwoFactorAnswer } from '@marquee/domain/accounts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { enableTwoFactor } from '../api/enable-two-factor';
import { useTotpCodeForm } from '../hooks/use-totp-code-form';
import { problemMessage } from '../lib/problem-message';
import { CodeField } from './code-field';
import { FormProblems } from './form-problems';
import { QrCode } from './qr-code';

/** The secret an app needs if it cannot scan: the address's `secret`, in groups of four. */
function secretOf(totpUri: string): string | null {
  try {
    const secret = new URL(totpUri).searchParams.get('secret');
    return secret ? (secret.match(/.{1,4}/g) ?? [secret]).join(' ') : null;
  } catch {
    return null;
  }
}

/**
 * Turning two factors on, for an owner or manager whose account has none yet: the password (what better-auth
 * asks before it makes a secret), then the secret as a QR code and as text, the backup codes, and the app's
 * first code, which turns two factors on and makes this session one made with them.
 */
export function TwoFactorEnrolment({ onEnabled }: { onEnabled: () => void }) {
  const headingId = useId();
  const [secret, setSecret] = useState<EnableTwoFactorAnswer | null>(null);
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold text-brand-950">
        Turn on two-factor sign-in
      </h2>
      <p className="mt-2 text-slate-700">
        Owners and managers sign in to the console with two factors: the password, and a code from an authenticator app
        on their phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Your account does not have
        two factors yet; setting them up takes a minute.
      </p>
      {secret ? (
        <VerifyStep secret={secret} onEnabled={onEnabled} onStartOver={() => setSecret(null)} />
      ) : (
        <PasswordStep onSecret={setSecret} onAlreadyOn={onEnabled} />
      )}
    </section>
  );
}

function PasswordStep({
  onSecret,
  onAlreadyOn,
}: {
  onSecret: (secret: EnableTwoFactorAnswer) => void;
  onAlreadyOn: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setProblems([]);
    setPasswordError(undefined);
    setIsSubmitting(true);
    try {
      onSecret(await enableTwoFactor(password));
    } catch (error) {
      if (isApiError(error, 'wrong_credentials', 'validation_failed')) {
        setPasswordError(error.body.errors?.password?.[0] ?? error.body.message);
        inputRef.current?.focus();
      } else if (isApiError(error, 'conflict')) {
        // Turned on meanwhile (another tab): the console asks for a code instead.
        toast(error.body.message);
        onAlreadyOn();
      } else {
        setProblems([problemMessage(error)]);
      }
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Start two-factor sign-in"
      className="mt-4 flex flex-col gap-4"
    >
      <h3 className="font-semibold text-slate-900">Step 1 of 2: your password</h3>
      <FormProblems messages={problems} />
      <TextField
        ref={inputRef}
        label="Password"
        type="password"
        autoComplete="current-password"
        hint="The password of this account. An account that signs in only with Google or Apple leaves it empty."
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordError}
        className="max-w-sm"
      />
      <div>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Starting…' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

function VerifyStep({
  secret,
  onEnabled,
  onStartOver,
}: {
  secret: EnableTwoFactorAnswer;
  onEnabled: () => void;
  onStartOver: () => void;
}) {
  const { inputRef, code, setCode, codeError, problems, isSubmitting, onSubmit } = useTotpCodeForm({
    onVerified: () => {
      toast.success('Two-factor sign-in is on.');
      onEnabled();
    },
  });
  const textSecret = secretOf(secret.totp_uri);

  return (
    <div className="mt-4 flex flex-col gap-6">
      <div>
        <h3 className="font-semibold text-slate-900">Step 2 of 2: add Marquee to your authenticator app</h3>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
          <QrCode text={secret.totp_uri} label="QR code for your authenticator app" />
          <div className="flex min-w-0 flex-col gap-2 text-sm text-slate-700">
            <p>Scan the code with the app. If it cannot scan, choose to enter a key and type this one:</p>
            {textSecret ? (
              <p className="font-mono text-base font-semibold tracking-wider break-all text-slate-900">{textSecret}</p>
            ) : null}
            <p>
              On this phone?{' '}
              <a href={secret.totp_uri} className="font-semibold text-brand-700 underline">
                Open it in your authenticator app
              </a>
              .
            </p>
          </div>
        </div>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Your backup codes</h3>
        <p className="mt-1 text-sm text-slate-700">
          Keep them somewhere safe, apart from your phone: each signs you in once if the phone is lost. They are not
          shown again.
        </p>
        <ul
          aria-label="Backup codes"
          className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5"
        >
          {secret.backup_codes.map((backupCode) => (
            <li key={backupCode} className="rounded-md bg-slate-100 px-2 py-1 text-center">
              {backupCode}
            </li>
          ))}
        </ul>
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Turn on two-factor sign-in" className="flex flex-col gap-4">
        <FormProblems messages={problems} />
        <CodeField
          ref={inputRef}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeError}
          hint="The 6 digits the app shows for Marquee now."
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? 'Checking…' : 'Turn on two-factor sign-in'}
          </Button>
          <Button variant="ghost" onClick={onStartOver}>
            Start over
          </Button>
        </div>
      </form>
    </div>
  );
}
