import { Link } from 'react-router';
import type { SessionUser } from '@marquee/domain/accounts-session';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';
import { initialsOf } from '../lib/initials';
import { useAuthModals } from './auth-modals-context';

function Avatar({ user }: { user: SessionUser }) {
  if (user.image) {
    return (
      <img
        src={user.image}
        alt=""
        width={24}
        height={24}
        referrerPolicy="no-referrer"
        className="size-6 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-950 text-[0.625rem] font-bold text-accent-300"
    >
      {initialsOf(user)}
    </span>
  );
}

/**
 * The header's account controls (spec 2: Sign In / Sign Out, the photo when signed in). While the session is
 * loading a placeholder of the same size holds the place (the button is at least as wide, 7 rem, so its label
 * in any common font fits without moving the header), so the header never shows the wrong state.
 */
export function AccountMenu() {
  const session = useSession();
  const { openAuthModal, preloadAuthModals } = useAuthModals();
  const signOut = useSignOut();

  if (session.status === 'loading') {
    return (
      <span role="status" className="inline-flex min-h-9 w-28 animate-pulse rounded-lg bg-white/15 motion-reduce:animate-none">
        <span className="sr-only">Checking whether you are signed in…</span>
      </span>
    );
  }

  if (session.status === 'unauthenticated') {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => openAuthModal('login')}
        onPointerEnter={preloadAuthModals}
        onFocus={preloadAuthModals}
        className={buttonClassName({ variant: 'accent', size: 'sm' }, 'min-w-28 shrink-0 whitespace-nowrap')}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
        </svg>
        Sign In
      </button>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Link
        to={paths.myBookings()}
        className="inline-flex min-h-9 items-center rounded-lg px-2 text-sm font-semibold text-brand-100 underline-offset-4 hover:text-white hover:underline"
      >
        My bookings
      </Link>
      <button
        type="button"
        title={`Signed in as ${session.user.name || session.user.email}`}
        aria-disabled={signOut.isPending || undefined}
        onClick={() => {
          if (!signOut.isPending) signOut.mutate();
        }}
        className={buttonClassName({ variant: 'accent', size: 'sm' }, 'shrink-0 pl-1.5 aria-disabled:cursor-wait')}
      >
        <Avatar user={session.user} />
        Sign Out
      </button>
    </div>
  );
}
