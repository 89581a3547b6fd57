import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { INVITATION_VALID_DAYS, InvitationAcceptBodySchema } from '@marquee/domain/console';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { acceptInvitation } from '../api/accept-invitation';
import { organiserKeys } from '../api/query-keys';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import { ConsoleLoading } from './console-loading';
import { ConsolePageHeader } from './console-page-header';
import { useConsoleServices } from './console-services';

type Refusal = { title: string; message: string; next: ReactNode; action?: ReactNode };

/** The server's refusal of a link, in words, with what to do about it. */
function refusalOf(error: unknown): Refusal {
  if (isApiError(error, 'link_invalid', 'validation_failed')) {
    return {
      title: 'This invitation link does not work',
      message: error.body.code === 'link_invalid' ? error.body.message : 'The link is incomplete or mistyped.',
      next: (
        <>
          To use another of your accounts, sign out at the top of the page, open the link again and sign in with that
          account. Otherwise, ask the person who invited you for a new invitation.
        </>
      ),
    };
  }
  if (isApiError(error, 'link_expired')) {
    return {
      title: 'This invitation has expired',
      message: error.body.message,
      next: (
        <>
          An invitation works for {INVITATION_VALID_DAYS} days. Ask the person who invited you to send a new one, and
          accept it before it expires.
        </>
      ),
    };
  }
  if (isApiError(error, 'conflict')) {
    return {
      title: 'You are already on this team',
      message: error.body.message,
      next: <>There is nothing more to accept: open the organisation from your list.</>,
      action: <ButtonLink to={organiserPaths.home()}>Your organisations</ButtonLink>,
    };
  }
  if (isApiError(error, 'rate_limited')) {
    return {
      title: 'Too many tries',
      message: error.body.message,
      next: <>Wait a few minutes, then open the link from the e-mail again.</>,
    };
  }
  return {
    title: 'The invitation could not be accepted',
    message: problemMessage(error),
    next: <>Please try again.</>,
  };
}

function SignedOutJoin({ onRegister }: { onRegister: (() => void) | undefined }) {
  const { openSignIn, preloadSignIn } = useConsoleServices();
  return (
    <EmptyState
      title="You are invited to a team on Marquee"
      action={
        <>
          <Button aria-haspopup="dialog" onClick={openSignIn} onPointerEnter={preloadSignIn} onFocus={preloadSignIn}>
            Sign In
          </Button>
          {onRegister ? (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              onClick={onRegister}
              onPointerEnter={preloadSignIn}
              onFocus={preloadSignIn}
            >
              Register
            </Button>
          ) : null}
        </>
      }
    >
      <p>
        Sign in with the account of the address the invitation was sent to, then accept it here. No account yet?
        Register with that address: this page waits for you.
      </p>
    </EmptyState>
  );
}

function SessionEnded() {
  const { onSessionLost } = useConsoleServices();
  useEffect(() => onSessionLost(), [onSessionLost]);
  return <ConsoleLoading label="Checking whether you are signed in…" rows={1} />;
}

function SignedInJoin({ token, email }: { token: string; email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<
    { kind: 'ready' } | { kind: 'accepting' } | { kind: 'refused'; error: unknown } | { kind: 'session-ended' }
  >({ kind: 'ready' });

  async function accept() {
    if (state.kind === 'accepting') return;
    setState({ kind: 'accepting' });
    try {
      const { slug } = await acceptInvitation(token);
      // The new membership: /me and anything cached of the console are asked again.
      await queryClient.invalidateQueries({ queryKey: organiserKeys.all });
      toast.success('Welcome to the team.');
      await navigate(organiserPaths.organisation(slug), { replace: true });
    } catch (error) {
      setState(isApiError(error, 'sign_in_required') ? { kind: 'session-ended' } : { kind: 'refused', error });
    }
  }

  if (state.kind === 'session-ended') return <SessionEnded />;
  if (state.kind === 'refused') {
    const refusal = refusalOf(state.error);
    const canRetry = !isApiError(state.error) || isApiError(state.error, 'internal_error', 'service_unavailable');
    return (
      <ErrorState
        title={refusal.title}
        message={
          <>
            <p>{refusal.message}</p>
            <p className="mt-2">{refusal.next}</p>
          </>
        }
        onRetry={canRetry ? () => void accept() : undefined}
        action={refusal.action}
      />
    );
  }
  return (
    <EmptyState
      title="Join the team"
      action={
        <Button aria-disabled={state.kind === 'accepting' || undefined} onClick={() => void accept()}>
          {state.kind === 'accepting' ? 'Accepting…' : 'Accept the invitation'}
        </Button>
      }
    >
      <p>
        You are signed in as <strong className="break-all">{email}</strong>. Accepting adds this account to the
        organisation that invited you, with the role the invitation gives.
      </p>
    </EmptyState>
  );
}

/**
 * /organiser/join?token=…: the e-mailed invitation. Signed out, sign in or register (the site's modals);
 * signed in, accept it and open the organisation. A link that does not work says why and what to do.
 */
export function JoinPage({ onRegister }: { onRegister?: () => void }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { session } = useConsoleServices();
  const isLink = InvitationAcceptBodySchema.safeParse({ token }).success;

  let body: ReactNode;
  if (!isLink) {
    body = (
      <EmptyState title="This invitation link is incomplete">
        <p>
          Open the link from the invitation e-mail again, or copy all of it into the address bar. If it still does not
          work, ask the person who invited you for a new invitation.
        </p>
      </EmptyState>
    );
  } else if (session.status === 'loading') {
    body = <ConsoleLoading label="Checking whether you are signed in…" rows={1} />;
  } else if (session.status === 'signed-out') {
    body = <SignedOutJoin onRegister={onRegister} />;
  } else {
    // Another account signed in meanwhile: its own answer.
    body = <SignedInJoin key={session.email} token={token} email={session.email} />;
  }
  return (
    <>
      <ConsolePageHeader title="Join a team" />
      {body}
    </>
  );
}
