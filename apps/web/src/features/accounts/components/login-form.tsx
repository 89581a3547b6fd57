import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toaster';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  BackupCodeRequestSchema,
  SignInRequestSchema,
  TotpCodeRequestSchema,
  type ResetStatus,
} from '@marquee/domain/accounts';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { sessionQueryKey, useSession } from '../api/get-session';
import { signIn } from '../api/sign-in';
import { verifyTwoFactorCode, type TwoFactorCodeKind } from '../api/verify-two-factor-code';
import { accountErrorMessages } from '../lib/error-messages';
import { AccountForm, EMAIL_FIELD, StatusNotice, SubmitButton, SwitchLink } from './form-alert';
import { SocialSignIn } from './social-sign-in';

const LoginFormSchema = z.object({
  email: SignInRequestSchema.shape.email,
  password: z.string().min(1, 'Enter your password.'),
});
type LoginFormValues = z.infer<typeof LoginFormSchema>;

export interface LoginFormProps {
  notice: ResetStatus | null;
  onSignedIn: () => void;
  onRegister: () => void;
  onForgotPassword: () => void;
}

const CODE_FIELDS: Record<TwoFactorCodeKind, { label: string; hint: string; invalid: string }> = {
  totp: {
    label: 'Code from your authenticator app',
    hint: 'The 6 digits the app shows for Marquee now.',
    invalid: ACCOUNT_MESSAGES.codeInvalid,
  },
  backup: {
    label: 'Backup code',
    hint: 'One of the codes you kept when you turned two-factor sign-in on, like AbC12-dEf34. Each works once.',
    invalid: ACCOUNT_MESSAGES.backupCodeInvalid,
  },
};

interface TwoFactorCodeStepProps {
  onVerified: () => Promise<void>;
  /** The challenge is spent or expired: the password again, with the server's words. */
  onSignInAgain: (message: string) => void;
  onBack: () => void;
}

/**
 * The sign-in's second step for an account with two factors: the authenticator app's 6-digit code (the phone's
 * number pad, and the code the phone offers), or one of the backup codes instead.
 */
function TwoFactorCodeStep({ onVerified, onSignInAgain, onBack }: TwoFactorCodeStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<TwoFactorCodeKind>('totp');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const field = CODE_FIELDS[kind];

  // The step replaces the password form (and one kind of code the other): the field takes the focus.
  useEffect(() => inputRef.current?.focus(), [kind]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblems([]);
    const parsed = (kind === 'totp' ? TotpCodeRequestSchema : BackupCodeRequestSchema).safeParse({ code });
    if (!parsed.success) {
      setCodeError(field.invalid);
      inputRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    setIsSubmitting(true);
    try {
      await verifyTwoFactorCode(kind, parsed.data.code);
    } catch (error) {
      setIsSubmitting(false);
      if (isApiError(error, 'sign_in_required')) {
        onSignInAgain(error.body.message);
      } else if (isApiError(error, 'wrong_credentials', 'validation_failed')) {
        setCodeError(error.body.errors?.code?.[0] ?? error.body.message);
        inputRef.current?.focus();
      } else {
        setProblems(accountErrorMessages(error));
      }
      return;
    }
    await onVerified();
  }

  function switchKind() {
    setKind(kind === 'totp' ? 'backup' : 'totp');
    setCode('');
    setCodeError(undefined);
    setProblems([]);
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="font-semibold text-brand-950">Two-factor sign-in</h3>
        <p className="mt-1 text-sm text-slate-700">
          {kind === 'totp'
            ? 'Your password is right. Now enter the code from your authenticator app.'
            : 'Your password is right. Now enter one of your backup codes.'}
        </p>
      </div>
      <AccountForm label="Two-factor code" isSubmitting={isSubmitting} problems={problems} onSubmit={onSubmit}>
        <TextField
          key={kind}
          ref={inputRef}
          label={field.label}
          hint={field.hint}
          type="text"
          autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          pattern={kind === 'totp' ? '[0-9]*' : undefined}
          maxLength={kind === 'totp' ? 6 : 11}
          spellCheck={false}
          autoCapitalize="none"
          value={code}
          onChange={(event) => setCode(kind === 'totp' ? event.target.value.replace(/\s/g, '') : event.target.value)}
          error={codeError}
        />
        <SubmitButton isBusy={isSubmitting} label="Verify" busyLabel="Verifying…" />
      </AccountForm>
      <div className="flex flex-col gap-2 text-sm text-slate-700">
        <p>
          <SwitchLink onClick={switchKind}>
            {kind === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
          </SwitchLink>
        </p>
        <p>
          <SwitchLink onClick={onBack}>Back to log in</SwitchLink>
        </p>
      </div>
    </div>
  );
}

/** "Sign Up or Log In" (spec 2): credentials, the social providers that are set up, and the ways on. */
export function LoginForm({ notice, onSignedIn, onRegister, onForgotPassword }: LoginFormProps) {
  const queryClient = useQueryClient();
  const { providers } = useSession();
  const [problems, setProblems] = useState<string[]>([]);
  // An account with two factors: the password was right, a code comes next.
  const [isCodeStep, setIsCodeStep] = useState(false);
  // Back from the code step, the password field takes the focus (once the form is on screen again).
  const [passwordFocusRequest, setPasswordFocusRequest] = useState(0);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => {
    if (passwordFocusRequest > 0) setFocus('password');
  }, [passwordFocusRequest, setFocus]);

  async function finishSignIn() {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    toast.success('You are signed in.');
    onSignedIn();
  }

  async function onSubmit(values: LoginFormValues) {
    setProblems([]);
    let outcome;
    try {
      outcome = await signIn(values);
    } catch (error) {
      // The spec only logs a failed login; Marquee tells the buyer (docs/spec-deviations.md).
      setProblems(
        isApiError(error, 'wrong_credentials') ? [ACCOUNT_MESSAGES.wrongCredentials] : accountErrorMessages(error),
      );
      return;
    }
    if (outcome.kind === 'code-needed') {
      setIsCodeStep(true);
      return;
    }
    await finishSignIn();
  }

  function backToCredentials(message: string | null) {
    setIsCodeStep(false);
    setProblems(message ? [message] : []);
    setPasswordFocusRequest((count) => count + 1);
  }

  if (isCodeStep) {
    return (
      <TwoFactorCodeStep
        onVerified={finishSignIn}
        onSignInAgain={(message) => backToCredentials(message)}
        onBack={() => backToCredentials(null)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {notice ? <StatusNotice notice={notice} /> : null}
      <AccountForm label="Log in" isSubmitting={isSubmitting} problems={problems} onSubmit={handleSubmit(onSubmit)}>
        <TextField
          {...EMAIL_FIELD}
          data-autofocus={notice ? undefined : true}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton isBusy={isSubmitting} label="Log In" busyLabel="Logging in…" />
      </AccountForm>
      <SocialSignIn providers={providers} />
      <div className="flex flex-col gap-2 text-sm text-slate-700">
        <p>
          Forgot your password? <SwitchLink onClick={onForgotPassword}>Reset your password</SwitchLink>
        </p>
        <p>
          New to Marquee? <SwitchLink onClick={onRegister}>Sign Up</SwitchLink>
        </p>
      </div>
    </div>
  );
}
