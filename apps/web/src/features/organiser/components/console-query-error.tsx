import { useEffect } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { isApiError } from '../../../lib/api-client';
import { isApiRefusal } from '../../../lib/api-refusal';
import { problemMessage } from '../lib/problem-message';
import { useConsoleServices } from './console-services';
import { SignInPrompt } from './sign-in-prompt';
import { TwoFactorGate } from './two-factor-gate';

interface ConsoleQueryErrorProps {
  error: Error;
  /** "The events could not be loaded". */
  title: string;
  onRetry: () => void;
  isRetrying: boolean;
  /** What a 404 means here ("No such venue"), and where to go instead. */
  notFound?: { title: string; message: string; back: { to: string; label: string } };
}

/** The session ended elsewhere: the app learns it (the header shows Sign In), and the console asks to sign in. */
function SessionEnded() {
  const { onSessionLost } = useConsoleServices();
  useEffect(() => onSessionLost(), [onSessionLost]);
  return <SignInPrompt />;
}

/**
 * What a console page shows when its data was refused or failed, by the API's code: sign in, confirm with a
 * code (two factors), a role that does not allow it, something that does not exist (or is another
 * organisation's: the same 404), or our side's trouble with a retry.
 */
export function ConsoleQueryError({ error, title, onRetry, isRetrying, notFound }: ConsoleQueryErrorProps) {
  if (isApiError(error, 'sign_in_required')) return <SessionEnded />;
  if (isApiError(error, 'two_factor_required')) return <TwoFactorGate />;
  if (isApiError(error, 'forbidden')) {
    return (
      <EmptyState title="Your role does not allow this">
        <p>{error.body.message} An owner of the organisation can change your role.</p>
      </EmptyState>
    );
  }
  if (isApiError(error, 'not_found') && notFound) {
    return (
      <EmptyState title={notFound.title} action={<ButtonLink to={notFound.back.to}>{notFound.back.label}</ButtonLink>}>
        <p>{notFound.message}</p>
      </EmptyState>
    );
  }
  // A refusal will not change by asking again; a failure on our side or the network's might.
  if (isApiRefusal(error)) return <ErrorState title={title} message={problemMessage(error)} />;
  return <ErrorState title={title} message={problemMessage(error)} onRetry={onRetry} isRetrying={isRetrying} />;
}
