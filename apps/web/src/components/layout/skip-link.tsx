import type { MouseEvent } from 'react';

interface SkipLinkProps {
  /** id of the element to jump to. */
  targetId?: string;
}

/**
 * The first stop for keyboard users: jumps past the header to the page content. Focus is moved in
 * script so the router never sees a hash change; the href keeps it working without script.
 */
export function SkipLink({ targetId = 'main' }: SkipLinkProps) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  }
  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className="sr-only z-50 rounded-lg bg-accent-400 px-4 py-3 font-semibold text-brand-950 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
