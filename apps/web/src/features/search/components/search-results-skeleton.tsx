import { Skeleton } from '../../../components/ui/skeleton';

/** The shape of the results list while it loads. */
export function SearchResultsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Searching…
      </p>
      <Skeleton className="h-5 w-48" />
      <ul aria-hidden="true" className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="flex gap-4 rounded-2xl bg-white p-3 ring-1 ring-slate-200 sm:p-4">
            <Skeleton className="aspect-[4/3] w-24 shrink-0 rounded-xl sm:w-40" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="mt-auto h-6 w-24 self-end rounded-full" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
