import type { ScanOutcome, ScanTone } from '../lib/gate-engine';

const LOOKS: Record<ScanTone, { title: string; panel: string; icon: 'check' | 'cross' | 'repeat' }> = {
  // White on green-800, white on red-800 and amber-950 on amber-300 are all above 7:1, readable in sunlight.
  admitted: { title: 'Admitted', panel: 'bg-green-800 text-white', icon: 'check' },
  refused: { title: 'Refused', panel: 'bg-red-800 text-white', icon: 'cross' },
  warning: { title: 'Already scanned', panel: 'bg-amber-300 text-amber-950', icon: 'repeat' },
};

function ResultIcon({ icon }: { icon: 'check' | 'cross' | 'repeat' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-14 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <circle cx="12" cy="12" r="10" />
      {icon === 'check' ? <path strokeLinecap="round" strokeLinejoin="round" d="m7 12.5 3.2 3.2L17 9" /> : null}
      {icon === 'cross' ? <path strokeLinecap="round" d="m8.5 8.5 7 7m0-7-7 7" /> : null}
      {icon === 'repeat' ? <path strokeLinecap="round" strokeLinejoin="round" d="M12 7v5l3 2" /> : null}
    </svg>
  );
}

function OutcomeCard({ outcome }: { outcome: ScanOutcome }) {
  const look = LOOKS[outcome.tone];
  const { ticket } = outcome;
  return (
    <div
      data-result={outcome.tone}
      className={`flex min-h-40 w-full flex-col gap-3 rounded-2xl p-5 sm:p-6 ${look.panel}`}
    >
      <div className="flex items-center gap-4">
        <ResultIcon icon={look.icon} />
        <p className="text-4xl font-extrabold tracking-tight sm:text-5xl">{look.title}</p>
      </div>
      {ticket ? (
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1 text-lg">
          <dt className="font-semibold">Name</dt>
          <dd className="text-2xl font-bold break-words">{ticket.holder_name}</dd>
          <dt className="font-semibold">Package</dt>
          <dd>{ticket.package_name}</dd>
          {ticket.seat ? (
            <>
              <dt className="font-semibold">Seat</dt>
              <dd>{ticket.seat}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {outcome.tone !== 'admitted' || outcome.decidedOffline ? <p className="text-lg">{outcome.message}</p> : null}
    </div>
  );
}

/**
 * The answer to one scan, across the whole width of a phone: its colour, a word and an icon say the same thing
 * (colour alone fails the colour-blind and the sunlit), then who the ticket is for. Only a ticket's holder,
 * package and seat are shown: all a door needs, and all its role may see. Both live regions are always in the
 * page (a region inserted with its text is not reliably read): an admission is read politely, a refusal at once.
 */
export function GateResultPanel({ outcome }: { outcome: ScanOutcome | null }) {
  const isAdmitted = outcome !== null && outcome.tone === 'admitted';
  return (
    <div className="flex flex-col">
      <div role="status" aria-atomic="true">
        {outcome === null ? (
          <p className="flex min-h-40 items-center justify-center rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 text-center text-lg text-slate-700">
            Ready: hold a ticket's QR code up to the camera.
          </p>
        ) : isAdmitted ? (
          <OutcomeCard key={outcome.id} outcome={outcome} />
        ) : null}
      </div>
      <div role="alert" aria-atomic="true">
        {outcome !== null && !isAdmitted ? <OutcomeCard key={outcome.id} outcome={outcome} /> : null}
      </div>
    </div>
  );
}
