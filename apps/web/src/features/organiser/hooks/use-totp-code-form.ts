import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, TotpCodeRequestSchema } from '@marquee/domain/accounts';
import { isApiError } from '../../../lib/api-client';
import { verifyTotp } from '../api/verify-totp';
import { problemMessage } from '../lib/problem-message';

/**
 * A form of one authenticator code sent to the server (`verifyTotp`): the step-up and the last step of turning
 * two factors on. A malformed code is refused here; a wrong one is said under the field, which keeps the focus.
 */
export function useTotpCodeForm({
  onVerified,
  clearWrongCode = false,
}: {
  onVerified: () => void;
  /** Empty the field after a wrong code (the step-up: the next code is typed anew). */
  clearWrongCode?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setProblems([]);
    const parsed = TotpCodeRequestSchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(ACCOUNT_MESSAGES.codeInvalid);
      inputRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    setIsSubmitting(true);
    try {
      await verifyTotp(parsed.data.code);
    } catch (error) {
      setIsSubmitting(false);
      if (isApiError(error, 'wrong_credentials', 'validation_failed')) {
        setCodeError(error.body.errors?.code?.[0] ?? error.body.message);
        if (clearWrongCode) setCode('');
        inputRef.current?.focus();
      } else {
        setProblems([problemMessage(error)]);
      }
      return;
    }
    setIsSubmitting(false);
    onVerified();
  }

  return {
    inputRef,
    code,
    /** What the field's onChange sets: the code without spaces (apps show it as "123 456"). */
    setCode: (value: string) => setCode(value.replace(/\s/g, '')),
    codeError,
    problems,
    isSubmitting,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
  };
}
