interface MarqueeLogoProps {
  className?: string;
}

/** Marquee's mark: an amber M under a row of marquee bulbs, on indigo. Decorative: the link names it. */
export function MarqueeMark({ className = 'size-9' }: MarqueeLogoProps) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" className={className}>
      <rect width="64" height="64" rx="14" fill="#312e81" />
      <g fill="#fcd34d">
        <circle cx="14" cy="10" r="2.5" />
        <circle cx="23.3" cy="10" r="2.5" />
        <circle cx="32" cy="10" r="2.5" />
        <circle cx="40.7" cy="10" r="2.5" />
        <circle cx="50" cy="10" r="2.5" />
      </g>
      <path d="M14 52V20h8l10 16 10-16h8v32h-8V35l-10 15-10-15v17z" fill="#fbbf24" />
    </svg>
  );
}

/** The mark with the wordmark beside it. */
export function MarqueeLogo({ className = '' }: MarqueeLogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <MarqueeMark />
      <span className="text-xl font-extrabold tracking-tight text-white">Marquee</span>
    </span>
  );
}
