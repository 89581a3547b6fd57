import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/toaster';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, SignInRequestSchema, type ResetStatus } from '@marquee/domain/accounts';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { sessionQueryKey, useSession } from '../api/get-session';
import { signIn } from '../api/sign-in';
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

/** "Sign Up or Log In" (spec 2): credentials, the social providers that are set up, and the ways on. */
export function LoginForm({ notice, onSignedIn, onRegister, onForgotPassword }: LoginFormProps) {
  const queryClient = useQueryClient();
  const { providers } = useSession();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  async function onSubmit(values: LoginFormValues) {
    setProblems([]);
    try {
      await signIn(values);
    } catch (error) {
      // The spec only logs a failed login; Marquee tells the buyer (docs/spec-deviations.md).
      setProblems(
        isApiError(error, 'wrong_credentials')
          ? [ACCOUNT_MESSAGES.wrongCredentials]
          : accountErrorMessages(error),
      );
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    toast.success('You are signed in.');
    onSignedIn();
  }

  return (
    <div className="flex flex-col gap-4">
      {notice ? <StatusNotice notice={notice} /> : null}
      <AccountForm
        label="Log in"
        isSubmitting={isSubmitting}
        problems={problems}
        onSubmit={handleSubmit(onSubmit)}
      >
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
