const numberFormat = new Intl.NumberFormat('en-GB');

export function checkedInPercent(checkedIn: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((checkedIn / total) * 100));
}

/** "312 of 400 checked in", and a bar that only pictures the words. */
export function GateProgress({
  checkedIn,
  total,
  large = false,
}: {
  checkedIn: number;
  total: number;
  large?: boolean;
}) {
  const percent = checkedInPercent(checkedIn, total);
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <span className={large ? 'text-lg font-semibold text-slate-900' : 'text-sm text-slate-900'}>
        {numberFormat.format(checkedIn)} of {numberFormat.format(total)} checked in ({percent}%)
      </span>
      <span aria-hidden="true" className="block h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-green-700" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
