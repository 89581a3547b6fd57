import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Currency } from '@marquee/domain/money';
import type { PackageReport, SalesDay } from '@marquee/domain/reports';
import { Skeleton } from '../../../components/ui/skeleton';

/*
 * Where the reports' charts go. recharts is imported by report-charts.tsx alone, and that module only through
 * these React.lazy imports: it becomes a chunk of its own, fetched the first time a report page draws a chart,
 * never by another console page or by the buyer's site (docs/decisions/041). While it loads, a placeholder of the
 * chart's height holds the space; if it cannot load (offline), a line says so and the tables still have every
 * number.
 */

const LazySalesPerDayChart = lazy(() =>
  import('./report-charts').then((module) => ({ default: module.SalesPerDayChart })),
);
const LazyPackagesChart = lazy(() => import('./report-charts').then((module) => ({ default: module.PackagesChart })));

class ChartLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          The chart could not be loaded. Every number is in the table.
        </p>
      );
    }
    return this.props.children;
  }
}

function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ChartLoadBoundary>
      <Suspense
        fallback={
          <div style={{ height }}>
            <Skeleton className="h-full w-full" />
          </div>
        }
      >
        {/* The chart repeats the table beside it: assistive technology reads the table instead. */}
        <div aria-hidden="true" className="min-w-0">
          {children}
        </div>
      </Suspense>
    </ChartLoadBoundary>
  );
}

export function SalesPerDayChartSlot({ days, currency }: { days: readonly SalesDay[]; currency: Currency }) {
  return (
    <ChartSlot height={260}>
      <LazySalesPerDayChart days={days} currency={currency} />
    </ChartSlot>
  );
}

export function PackagesChartSlot({ packages }: { packages: readonly PackageReport[] }) {
  return (
    <ChartSlot height={Math.max(140, 56 * packages.length + 60)}>
      <LazyPackagesChart packages={packages} />
    </ChartSlot>
  );
}
