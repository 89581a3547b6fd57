import type { Currency } from '@marquee/domain/money';
import { formatInstalments, formatMoney } from '@marquee/domain/money';

export interface TotalsLine {
  packageId: number;
  name: string;
  unitPrice: number;
  count: number;
  amount: number;
  seatLabels: string[];
  /** Best available (issue 24): what was asked for, before the seats are known. */
  note?: string | undefined;
}

export interface OrderTotalsProps {
  currency: Currency;
  lines: TotalsLine[];
  subtotal: number;
  convenienceFee: number;
  discount: number;
  total: number;
  /** The instalment provider's name when the event offers it: the first of three instalments is shown. */
  instalmentProvider?: string | undefined;
  caption: string;
}

/** A line per package (with its seats), Subtotal, Convenience Fee, Discount and Total (spec 4, 9). */
export function OrderTotals({
  currency,
  lines,
  subtotal,
  convenienceFee,
  discount,
  total,
  instalmentProvider,
  caption,
}: OrderTotalsProps) {
  return (
    <table className="w-full border-collapse text-left text-slate-900">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-sm text-slate-700">
          <th scope="col" className="py-2 pr-2 font-semibold">
            Tickets
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.packageId} className="border-b border-slate-200 align-top">
            <th scope="row" className="py-3 pr-2 font-normal">
              <span className="block font-semibold">{line.name}</span>
              {line.note ? (
                <span className="block text-sm text-slate-900" data-testid="best-available-note">
                  {line.note}
                </span>
              ) : null}
              <span className="block text-sm text-slate-700">
                {line.count} × {formatMoney(line.unitPrice, currency)}
              </span>
              {line.seatLabels.length > 0 ? (
                <ul className="mt-1 text-sm text-slate-700" aria-label={`Seats for ${line.name}`}>
                  {line.seatLabels.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              ) : null}
            </th>
            <td className="py-3 text-right whitespace-nowrap tabular-nums">{formatMoney(line.amount, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="text-sm sm:text-base">
        <tr>
          <th scope="row" className="pt-3 pb-1 pr-2 font-normal">
            Subtotal
          </th>
          <td className="pt-3 pb-1 text-right whitespace-nowrap tabular-nums">{formatMoney(subtotal, currency)}</td>
        </tr>
        {convenienceFee > 0 ? (
          <tr>
            <th scope="row" className="py-1 pr-2 font-normal">
              Convenience Fee
            </th>
            <td className="py-1 text-right whitespace-nowrap tabular-nums">{formatMoney(convenienceFee, currency)}</td>
          </tr>
        ) : null}
        {discount > 0 ? (
          <tr className="text-emerald-800">
            <th scope="row" className="py-1 pr-2 font-normal">
              Discount
            </th>
            <td className="py-1 text-right whitespace-nowrap tabular-nums">− {formatMoney(discount, currency)}</td>
          </tr>
        ) : null}
        <tr className="border-t border-slate-300 text-base font-bold sm:text-lg">
          <th scope="row" className="pt-2 pr-2">
            Total
          </th>
          <td className="pt-2 text-right whitespace-nowrap tabular-nums">{formatMoney(total, currency)}</td>
        </tr>
        {instalmentProvider && total > 0 ? (
          <tr className="text-sm text-slate-700">
            <th scope="row" className="pt-1 pr-2 font-normal">
              First instalment with {instalmentProvider}
            </th>
            <td className="pt-1 text-right whitespace-nowrap tabular-nums">{formatInstalments(total, currency)}</td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}
