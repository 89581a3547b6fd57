import { EXPORT_CHOICES, exportPath } from '../lib/export-links';

/**
 * The event's "Export" menu (`export.run`): attendees (one row per ticket) and orders (one per order), as CSV or
 * Excel. A disclosure (`<details>`), so it opens from the keyboard and on a phone without any script of ours; each
 * choice is a plain download link to the server's streamed file, so the browser saves it as it arrives.
 * `withContact`: the member may read buyers' e-mail and phone (`order.contact.read`), which the files then hold.
 */
export function EventExportMenu({
  org,
  eventUid,
  withContact,
}: {
  org: string;
  eventUid: string;
  withContact: boolean;
}) {
  return (
    <details className="group relative">
      <summary className="cursor-pointer list-none font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        Export<span aria-hidden="true"> ▾</span>
      </summary>
      <div className="mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-md sm:absolute sm:z-10">
        <ul aria-label="Export files" className="flex flex-col gap-1">
          {EXPORT_CHOICES.map((choice) => (
            <li key={`${choice.kind}.${choice.format}`}>
              <a
                href={exportPath(org, eventUid, choice.kind, choice.format)}
                download
                className="block rounded-md px-2 py-2 font-semibold text-brand-700 underline underline-offset-2 hover:bg-slate-50"
              >
                {choice.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">
          {withContact
            ? "The files include buyers' e-mail addresses and phone numbers: keep them safe."
            : "The files leave out buyers' e-mail addresses and phone numbers."}{' '}
          Ticket codes are never exported.
        </p>
      </div>
    </details>
  );
}
