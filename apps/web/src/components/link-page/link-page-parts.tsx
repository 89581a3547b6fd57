import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

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
