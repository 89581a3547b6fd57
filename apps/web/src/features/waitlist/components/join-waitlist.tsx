import { Suspense, lazy, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { JoinWaitlistProps } from './join-waitlist-form';

// The form (react-hook-form, the schemas, the human check) loads on the first press: most buyers never open it.
const JoinWaitlistForm = lazy(() =>
  import('./join-waitlist-form').then((module) => ({ default: module.JoinWaitlistForm })),
);

/**
 * "Join the waitlist" (issue 23) for sold-out packages of an event on sale: a button that opens the waitlist's
 * form in a dialog. The route places it where the buyer meets a sold-out package.
 */
export function JoinWaitlist(props: JoinWaitlistProps) {
  const [isOpen, setIsOpen] = useState(false);
  const only = props.packages.length === 1 ? props.packages[0] : undefined;
  if (props.packages.length === 0) return null;
  const title = only ? `Join the waitlist for ${only.name}` : 'Join the waitlist';
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" aria-label={title} onClick={() => setIsOpen(true)}>
        Join the waitlist
      </Button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={title}>
        <Suspense fallback={<Spinner label="Loading the form…" className="text-brand-700" />}>
          <JoinWaitlistForm {...props} />
        </Suspense>
      </Dialog>
    </>
  );
}
