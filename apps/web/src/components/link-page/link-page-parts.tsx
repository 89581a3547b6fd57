import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { isApiError, type ApiError } from '../../lib/api-client';
import { Button, type ButtonSize, type ButtonVariant } from '../ui/button';

/** The outcome of a page opened from an e-mail's link (confirmed, left, refused), focused when it appears so it is read out. */
export function Outcome({ tone, title, children }: { tone: 'success' | 'error'; title: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const colours =
    tone === 'success' ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-red-300 bg-red-50 text-red-900';
  return (
    <div
      ref={ref}
      role={tone === 'success' ? 'status' : 'alert'}
      tabIndex={-1}
      className={`flex flex-col gap-2 rounded-xl border p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-700 ${colours}`}
    >
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** The event's page, or home when the event is no longer known. */
export function EventLink({ event }: { event: { name: string; path: string } | null }) {
  return event ? (
    <Link to={event.path} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
      Go to {event.name}
    </Link>
  ) : (
    <Link to={paths.home()} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
      Browse events
    </Link>
  );
}

/** A link page opened without its token (the address was cut short). */
export function MissingToken() {
  return (
    <Outcome tone="error" title="This link is incomplete.">
      <p className="text-sm">Open the link from the e-mail again, exactly as it was sent.</p>
      <EventLink event={null} />
    </Outcome>
  );
}

/** Why the last press did not work, above the button that can be pressed again. */
export function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </p>
  );
}

/** Whether the server refused the link itself (unknown or forged, or expired): nothing on the page can help. */
export function isLinkRefused(error: unknown): error is ApiError {
  return isApiError(error, 'link_invalid', 'link_expired');
}

/** A link the server refused (`isLinkRefused`): what it said, and the way back to the events. */
export function LinkRefused({ error }: { error: ApiError }) {
  return (
    <Outcome
      tone="error"
      title={isApiError(error, 'link_expired') ? 'This link has expired.' : 'This link does not work.'}
    >
      <p className="text-sm">{error.message}</p>
      <EventLink event={null} />
    </Outcome>
  );
}

/**
 * A link page's one action (decisions/047): what the page says first, why the last press did not work, and the
 * button. The visit alone changes nothing (mail scanners open links); a press while the last is on its way does
 * nothing either.
 */
export function LinkAction({
  children,
  problem,
  label,
  pendingLabel,
  isPending,
  onPress,
  variant,
  size = 'lg',
}: {
  children: ReactNode;
  problem: string | null;
  label: string;
  pendingLabel: string;
  isPending: boolean;
  onPress: () => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  return (
    <div className="flex flex-col gap-4">
      {children}
      {problem ? <Problem>{problem}</Problem> : null}
      <div>
        <Button
          variant={variant}
          size={size}
          aria-disabled={isPending || undefined}
          onClick={() => {
            if (!isPending) onPress();
          }}
        >
          {isPending ? pendingLabel : label}
        </Button>
      </div>
    </div>
  );
}

/** What a link page says before its button is pressed. */
export function LinkIntro({ children }: { children: ReactNode }) {
  return <p className="text-base text-slate-800">{children}</p>;
}
