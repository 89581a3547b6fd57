import type { BookingLookupResult } from '@marquee/domain/bookings';

/** Spec 2: the booking summary card and the ticket list card, with the PDF download. */
export function BookingResult({ booking }: { booking: BookingLookupResult }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
      <section
        aria-labelledby="booking-summary-heading"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <img
          src={booking.event_thumb_img}
          alt=""
          width={640}
          height={360}
          className="aspect-video w-full object-cover"
        />
        <div className="flex flex-col gap-3 p-5">
          <h2 id="booking-summary-heading" className="text-xl font-bold text-brand-950">
            {booking.event_name}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-900">
            <dt className="text-slate-700">Venue</dt>
            <dd>{booking.event_venue}</dd>
            <dt className="text-slate-700">Date</dt>
            <dd>{booking.event_start_date}</dd>
            <dt className="text-slate-700">Time</dt>
            <dd>{booking.event_start_time}</dd>
            <dt className="text-slate-700">Booking ID</dt>
            <dd className="font-mono font-semibold">{booking.order_id}</dd>
            <dt className="text-slate-700">Status</dt>
            <dd>
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                {booking.status_label}
              </span>
            </dd>
            <dt className="text-slate-700">Tickets</dt>
            <dd>{booking.tot_tickets}</dd>
          </dl>
          <ul className="text-sm text-slate-800" aria-label="Packages">
            {booking.packages.map((item) => (
              <li key={item.package.name}>
                {item.ticket_count} × {item.package.name}
              </li>
            ))}
          </ul>
          {booking.matched_by === 'email' ? (
            <p className="rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
              No NIC was given for this booking, so we found it with the e-mail used at checkout.
            </p>
          ) : null}
        </div>
      </section>

      <section
        aria-labelledby="ticket-list-heading"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="ticket-list-heading" className="text-xl font-bold text-brand-950">
            Your tickets
          </h2>
          <a
            href={booking.ticket_url}
            download={`${booking.order_id}.pdf`}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
            </svg>
            Download tickets (PDF)
          </a>
        </div>
        <ol className="divide-y divide-slate-200" aria-label="Tickets">
          {booking.tickets.map((ticket, index) => (
            <li key={ticket.code} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span>
                <span className="font-semibold text-slate-900">
                  Ticket {index + 1}: {ticket.package_name}
                </span>
                {ticket.seat ? <span className="block text-sm text-slate-700">{ticket.seat}</span> : null}
              </span>
              <span className="font-mono text-sm text-slate-700">{ticket.code}</span>
            </li>
          ))}
        </ol>
        <p className="text-sm text-slate-700">
          Each ticket has its own QR code in the PDF. Show it at the entrance on your phone or printed. The download
          link works for a limited time: search again for a fresh one.
        </p>
      </section>
    </div>
  );
}
