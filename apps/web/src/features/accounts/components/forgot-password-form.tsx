import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ForgotPasswordRequestSchema, type ResetStatus } from '@marquee/domain/accounts';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit';
import { TextField } from '../../../components/ui/text-field';
import { forgotPassword } from '../api/forgot-password';
import { accountErrorMessages } from '../lib/error-messages';
import { AccountForm, EMAIL_FIELD, StatusNotice, SubmitButton, SwitchLink } from './form-alert';

type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export interface ForgotPasswordFormProps {
  notice: ResetStatus | null;
  onSent: (message: string) => void;
  onLogin: () => void;
}

/** "Password Reset" (spec 2): the e-mail to send a reset link to. */
export function ForgotPasswordForm({ notice, onSent, onLogin }: ForgotPasswordFormProps) {
  const { captcha, submit } = useCaptchaSubmit();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ForgotPasswordRequestSchema>, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  async function onSubmit(values: ForgotPasswordRequest) {
    setProblems([]);
    try {
      const answer = await submit((captchaPayload) => forgotPassword(values, captchaPayload));
      onSent(answer.message);
    } catch (error) {
      setProblems(accountErrorMessages(error));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {notice ? <StatusNotice notice={notice} /> : null}
      <p className="text-sm text-slate-700">Enter the e-mail of your account and we will send you a link to set a new password.</p>
      <AccountForm
        label="Password reset"
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
        {captcha}
        <SubmitButton isBusy={isSubmitting} label="Send reset link" busyLabel="Sending…" />
      </AccountForm>
      <p className="text-sm text-slate-700">
        Remembered it? <SwitchLink onClick={onLogin}>Back to Log In</SwitchLink>
      </p>
    </div>
  );
}
