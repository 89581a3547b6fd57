interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  className?: string;
}

/** An indeterminate loading indicator announced politely as a status. */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
