interface SkeletonProps {
  className?: string;
}

/** A grey placeholder block with the shape of content still loading; hidden from assistive technology. */
export function Skeleton({ className = '' }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none ${className}`}
    />
  );
}
