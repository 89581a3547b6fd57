import { useId } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@marquee/domain/catalog';
import { formatMoney } from '@marquee/domain/money';
import { selectionLines, selectionSubtotal, type Selection } from '@marquee/domain/selection';
import { useStepHeadingFocus } from '../hooks/use-step-heading-focus';

export interface CheckoutPreviewProps {
  event: EventDetail;
  selection: Selection;
  /** Maps a seat id to its package (from the seat map); seats are not priced without it. */
  packageOfSeat?: (seatId: string) => number | undefined;
}

/**
 * Step 3 until checkout ships: the selection carried from step 2, priced for display, and a plain note
 * that payment opens soon. Nothing here takes money.
 */
export function CheckoutPreview({ event, selection, packageOfSeat }: CheckoutPreviewProps) {
  const headingId = useId();
  const headingRef = useStepHeadingFocus<HTMLHeadingElement>();
  const lines = selectionLines(event, selection, packageOfSeat);
  const subtotal = selectionSubtotal(lines);
  const fee = event.handling_cost > 0 ? event.handling_cost : 0;
  // Seats whose package is not known here are still listed, so the buyer sees they were carried.
  const pricedSeats = new Set(lines.flatMap((line) => line.seats));
  const otherSeats = selection.seats.filter((seatId) => !pricedSeats.has(seatId));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-950">
        Checkout
      </h2>
      <p role="note" className="rounded-lg border border-accent-400 bg-amber-50 p-4 text-slate-900">
        Online payment for this event opens soon. Your selection is kept on this device until then.
      </p>
      {otherSeats.length > 0 ? (
        <p className="text-slate-800">
          <span className="font-semibold">Seats:</span> {otherSeats.join(', ')}
        </p>
      ) : null}
      {lines.length === 0 ? (
        otherSeats.length > 0 ? null : (
        <p className="text-slate-800">You have not picked any tickets yet.</p>
        )
      ) : (
        <table className="w-full border-collapse text-left text-slate-900">
          <caption className="sr-only">Your tickets</caption>
          <thead>
            <tr className="border-b border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2">Category</th>
              <th scope="col" className="py-2 text-right">Price</th>
              <th scope="col" className="py-2 text-right">No. of Tickets</th>
              <th scope="col" className="py-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.packageId} className="border-b border-slate-200">
                <th scope="row" className="py-2 font-semibold">
                  {line.name}
                  {line.seats.length > 0 ? (
                    <span className="block text-sm font-normal text-slate-700">Seats {line.seats.join(', ')}</span>
                  ) : null}
                </th>
                <td className="py-2 text-right">{formatMoney(line.price, event.currency)}</td>
                <td className="py-2 text-right">{line.count}</td>
                <td className="py-2 text-right">{formatMoney(line.amount, event.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {fee > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className="py-2 text-right font-normal">
                  Convenience Fee
                </th>
                <td className="py-2 text-right">{formatMoney(fee, event.currency)}</td>
              </tr>
            ) : null}
            <tr className="font-bold">
              <th scope="row" colSpan={3} className="py-2 text-right">
                Total
              </th>
              <td className="py-2 text-right">{formatMoney(subtotal + fee, event.currency)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <Link to="?step=2" className="self-start font-semibold text-brand-700 underline hover:text-brand-900">
        Back to your tickets
      </Link>
    </section>
  );
}
