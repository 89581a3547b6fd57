import { useCallback, useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';
import { useCaptcha } from './captcha';
import { CaptchaError } from './captcha-controller';

export interface CaptchaSubmit {
  /** The widget: render it inside the form, above the submit button. */
  captcha: ReactNode;
  /** From a submit until its answer: while the check is solved, then while the request runs. */
  isSubmitting: boolean;
  /**
   * Solves the human check, then calls `send` with its payload (one payload per request; send it as X-Captcha).
   * Resolves with what `send` resolved with. Rejects with a CaptchaError when the check could not be solved
   * (nothing was sent), or with `send`'s own error: when that is the server refusing the payload
   * (`captcha_failed`), a new check is already being solved for the next try.
   */
  submit: <T>(send: (captchaPayload: string) => Promise<T>) => Promise<T>;
}

/**
 * A form protected by the human check (checkout, booking lookup, sign-up, password reset): the one way a
 * submit gets its payload, and starts over when the server refuses it.
 */
export function useCaptchaSubmit(): CaptchaSubmit {
  const { captcha, getPayload, reset } = useCaptcha();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = useCallback(
    async <T>(send: (captchaPayload: string) => Promise<T>): Promise<T> => {
      setIsSubmitting(true);
      try {
        let payload: string;
        try {
          payload = await getPayload();
        } catch (error) {
          throw error instanceof CaptchaError ? error : new CaptchaError();
        }
        try {
          return await send(payload);
        } catch (error) {
          if (isApiError(error, 'captcha_failed')) reset();
          throw error;
        }
      } finally {
        setIsSubmitting(false);
      }
    },
    [getPayload, reset],
  );

  return { captcha, isSubmitting, submit };
}
