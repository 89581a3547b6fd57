/** A small file in the import's format: one event, a venue it creates, a package and a promo code. */
export const IMPORT_EXAMPLE = `{
  "events": [
    {
      "name": "Colombo Jazz Night",
      "type": "concerts",
      "description": "An evening of jazz by the lake.",
      "start_date": "2027-03-06T19:30:00+05:30",
      "venue": {
        "name": "Nelum Pokuna",
        "city": "Colombo",
        "country": "LK",
        "time_zone": "Asia/Colombo"
      },
      "currency": "LKR",
      "ticket_packages": [
        { "name": "Standard", "price": 350000, "capacity": 400 }
      ],
      "promo_codes": [
        { "code": "JAZZ10", "kind": "percent", "value": 10 }
      ]
    }
  ]
}`;

/**
 * The file's format in short, with an example: the format of `npm run events:import` (the repository's
 * docs/examples/events-import.json is its full example; the site does not serve it, so the essentials are here).
 */
export function ImportHelp() {
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <summary className="cursor-pointer font-semibold text-brand-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        The file&apos;s format
      </summary>
      <div className="mt-3 flex flex-col gap-3 text-sm text-slate-700">
        <p>
          A JSON object with an <code>events</code> list (and, if you like, a <code>venues</code> list that events
          name). Each event needs:
        </p>
        <ul className="list-disc pl-5">
          <li>
            <code>name</code>, <code>type</code> (concerts, theatre, dance or uni-events) and <code>start_date</code>{' '}
            with its offset (<code>2027-03-06T19:30:00+05:30</code>);
          </li>
          <li>
            <code>venue</code>: the name of one of your venues, or a new one with <code>name</code>, <code>city</code>,{' '}
            <code>country</code> (LK, SG or AU) and <code>time_zone</code>;
          </li>
          <li>
            <code>currency</code>, the venue country&apos;s (LKR, SGD or AUD);
          </li>
          <li>
            <code>ticket_packages</code>: each with <code>name</code>, <code>price</code> in cents (350000 is 3,500.00
            of the currency) and <code>capacity</code>.
          </li>
        </ul>
        <p>
          Optional: <code>description</code>, <code>artists</code>, <code>end_date</code>, <code>promo_codes</code> (
          <code>code</code>, <code>kind</code> percent or fixed, <code>value</code>). Every event arrives as a draft, to
          check and publish in the console.
        </p>
        <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs text-slate-900">
          <code>{IMPORT_EXAMPLE}</code>
        </pre>
      </div>
    </details>
  );
}
