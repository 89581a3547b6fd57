import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useConsoleServices } from './console-services';

/** Signed out: the console is for members of an organisation, so it asks them to sign in (the site's modal). */
export function SignInPrompt() {
  const { openSignIn, preloadSignIn } = useConsoleServices();
  return (
    <EmptyState
      title="Sign in to the organiser console"
      action={
        <Button aria-haspopup="dialog" onClick={openSignIn} onPointerEnter={preloadSignIn} onFocus={preloadSignIn}>
          Sign In
        </Button>
      }
    >
      <p>
        The console is where organisers run their venues and events. Sign in with the account your organisation invited.
      </p>
      <p className="mt-2">
        Looking for your tickets? See{' '}
        <Link to={paths.myBookings()} className="font-semibold text-brand-700 underline">
          My bookings
        </Link>
        .
      </p>
    </EmptyState>
  );
}
