import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, ResetPasswordRequestSchema } from '@marquee/domain/accounts';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { encodeResetStatus } from '../../../lib/reset-status';
import { resetPassword } from '../api/reset-password';
import { accountErrorMessages } from '../lib/error-messages';
import { AccountForm, SubmitButton } from './form-alert';

/** The request's password rules; the token comes from the link, not the form. */
const NewPasswordSchema = z
  .object({
    password: ResetPasswordRequestSchema.shape.password,
    password_confirmation: ResetPasswordRequestSchema.shape.password_confirmation,
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
  });
type NewPassword = z.infer<typeof NewPasswordSchema>;

export interface ResetPasswordFormProps {
  /** From the e-mailed link (`?token=`); null when the link carried none. */
  token: string | null;
  /** The server found the link bad before showing the page (`?error=INVALID_TOKEN`). */
  isLinkInvalid: boolean;
}

/**
 * The page the reset e-mail's link lands on: a new password, twice. Done, or a bad link, the buyer goes home
 * with the `reset` parameter, which opens the login modal (or the reset modal, to ask for a new link).
 */
export function ResetPasswordForm({ token, isLinkInvalid }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof NewPasswordSchema>, unknown, NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const hasNoToken = isLinkInvalid || !token;
  useEffect(() => {
    if (!hasNoToken) return;
    const status = encodeResetStatus({ status: 'error', message: ACCOUNT_MESSAGES.resetLinkInvalid });
    void navigate(paths.withResetStatus(status), { replace: true });
  }, [hasNoToken, navigate]);

  async function onSubmit(values: NewPassword) {
    if (!token) return;
    setProblems([]);
    try {
      const answer = await resetPassword({ ...values, token });
      void navigate(paths.withResetStatus(encodeResetStatus({ status: 'success', message: answer.message })), {
        replace: true,
      });
    } catch (error) {
      const fields = isApiError(error, 'validation_failed') ? (error.body.errors ?? {}) : {};
      if (fields.token) {
        const status = encodeResetStatus({ status: 'error', message: ACCOUNT_MESSAGES.resetLinkInvalid });
        void navigate(paths.withResetStatus(status), { replace: true });
        return;
      }
      let isShownOnField = false;
      for (const name of ['password', 'password_confirmation'] as const) {
        const message = fields[name]?.[0];
        if (message) {
          setError(name, { message }, { shouldFocus: !isShownOnField });
          isShownOnField = true;
        }
      }
      if (!isShownOnField) setProblems(accountErrorMessages(error));
    }
  }

  if (hasNoToken) return null;

  return (
    <AccountForm
      label="Choose a new password"
      isSubmitting={isSubmitting}
      problems={problems}
      onSubmit={handleSubmit(onSubmit)}
      className="flex max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <SubmitButton isBusy={isSubmitting} label="Change password" busyLabel="Changing…" />
    </AccountForm>
  );
}
