import { useState } from 'react';
import { Dialog } from '../ui/dialog';
import { buttonClassName } from '../ui/button';

/**
 * The header's Sign In (spec: Sign In / Sign Out button). Accounts arrive in a later issue, which
 * replaces this; until then it says so instead of being a dead control.
 */
export function SignInButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
        className={buttonClassName({ variant: 'accent', size: 'sm' }, 'shrink-0')}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
        </svg>
        Sign In
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title="Sign In">
        <p>Accounts are coming soon. You can book without signing in.</p>
      </Dialog>
    </>
  );
}
