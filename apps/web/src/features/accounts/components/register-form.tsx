import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { RegisterRequestSchema, type RegisterRequest } from '@marquee/domain/accounts';
import { useCaptchaSubmit } from '../../../components/captcha/use-captcha-submit';
import { TextField } from '../../../components/ui/text-field';
import { register as registerAccount } from '../api/register';
import { accountErrorMessages } from '../lib/error-messages';
import { AccountForm, EMAIL_FIELD, SubmitButton, SwitchLink } from './form-alert';

export interface RegisterFormProps {
  onRegistered: () => void;
  onLogin: () => void;
}

/** "Sign Up" (spec 2, 3 Registration): name, email, password and its confirmation; server errors in a red alert. */
export function RegisterForm({ onRegistered, onLogin }: RegisterFormProps) {
  const { captcha, submit } = useCaptchaSubmit();
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof RegisterRequestSchema>, unknown, RegisterRequest>({
    resolver: zodResolver(RegisterRequestSchema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  async function onSubmit(values: RegisterRequest) {
    setProblems([]);
    try {
      await submit((captchaPayload) => registerAccount(values, captchaPayload));
    } catch (error) {
      setProblems(accountErrorMessages(error));
      return;
    }
    onRegistered();
  }

  return (
    <div className="flex flex-col gap-4">
      <AccountForm
        label="Sign up"
        isSubmitting={isSubmitting}
        problems={problems}
        onSubmit={handleSubmit(onSubmit)}
      >
        <TextField
          label="Name"
          autoComplete="name"
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          {...EMAIL_FIELD}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        {captcha}
        <SubmitButton isBusy={isSubmitting} label="Sign Up" busyLabel="Signing up…" />
      </AccountForm>
      <p className="text-sm text-slate-700">
        Already have an account? <SwitchLink onClick={onLogin}>Log In</SwitchLink>
      </p>
    </div>
  );
}
