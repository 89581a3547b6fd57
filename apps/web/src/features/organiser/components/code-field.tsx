import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';

type CodeFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'autoComplete' | 'label'> & {
  label?: string;
};

/**
 * The 6-digit code of an authenticator app: the phone's number pad (`inputmode`), and the code the phone
 * offers from an SMS or a password manager (`autocomplete="one-time-code"`).
 */
export function CodeField({ label = 'Code from your authenticator app', ...props }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      spellCheck={false}
      className="max-w-56"
      {...props}
    />
  );
}
