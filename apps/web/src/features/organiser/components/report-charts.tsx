import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, type Currency } from '@marquee/domain/money';
import type { PackageReport, SalesDay } from '@marquee/domain/reports';
import { formatCompactMoney, formatLongDay, formatShortDay } from '../lib/report-display';
import { formatCount } from '../lib/venue-display';

/*
 * The reports' charts: the ONLY module of the web app that imports recharts (docs/decisions/041). It is reached
 * only through the React.lazy in report-chart-slots.tsx, so recharts is a chunk of its own that the console's
 * report pages load, and no buyer page (nor any other console page) ever downloads it. The numbers each chart
 * draws are also in a table beside it (report-sections.tsx): the chart is for looking, the table for reading. So
 * the charts are hidden from assistive technology (report-chart-slots.tsx) and take no focus
 * (`accessibilityLayer={false}`: nothing focusable may sit inside an aria-hidden element).
 */

const COLOURS = {
  tickets: '#4338ca', // brand-700
  revenue: '#b45309', // amber-700
  sold: '#4338ca',
  comps: '#7c3aed', // violet-600
  held: '#f59e0b', // accent-500
  left: '#cbd5e1', // slate-300
  grid: '#e2e8f0',
  axis: '#334155', // slate-700
} as const;

const AXIS_TICK = { fill: COLOURS.axis, fontSize: 12 };
const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

export interface SalesPerDayChartProps {
  days: readonly SalesDay[];
  currency: Currency;
}

/** Tickets (bars, left axis) and revenue (a line, right axis) per local day. */
export function SalesPerDayChart({ days, currency }: SalesPerDayChartProps) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={[...days]} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke={COLOURS.grid} vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatShortDay} tick={AXIS_TICK} minTickGap={16} />
        <YAxis yAxisId="tickets" allowDecimals={false} tick={AXIS_TICK} width={40} />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          tick={AXIS_TICK}
          width={72}
          tickFormatter={(value: number) => formatCompactMoney(value, currency)}
        />
        <Tooltip
          labelFormatter={(label) => formatLongDay(String(label))}
          formatter={(value, name) =>
            name === 'Revenue' ? formatMoney(Number(value), currency) : formatCount(Number(value))
          }
        />
        <Legend />
        <Bar yAxisId="tickets" dataKey="tickets" name="Tickets" fill={COLOURS.tickets} radius={[3, 3, 0, 0]} />
        <Line
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue"
          type="monotone"
          stroke={COLOURS.revenue}
          strokeWidth={2}
          dot={days.length <= 31}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Each package's capacity as one stacked bar: sold (comps apart), on hold, left. */
export function PackagesChart({ packages }: { packages: readonly PackageReport[] }) {
  const rows = packages.map((pkg) => ({
    name: pkg.name,
    sold: pkg.sold - pkg.comps,
    comps: pkg.comps,
    held: pkg.held,
    left: pkg.left,
  }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(140, 56 * rows.length + 60)}>
      <BarChart data={rows} layout="vertical" margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke={COLOURS.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
        <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={96} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend />
        <Bar dataKey="sold" name="Sold" stackId="capacity" fill={COLOURS.sold} />
        <Bar dataKey="comps" name="Comps" stackId="capacity" fill={COLOURS.comps} />
        <Bar dataKey="held" name="On hold" stackId="capacity" fill={COLOURS.held} />
        <Bar dataKey="left" name="Left" stackId="capacity" fill={COLOURS.left} />
      </BarChart>
    </ResponsiveContainer>
  );
}
