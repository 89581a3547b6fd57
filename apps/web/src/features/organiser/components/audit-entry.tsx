import type { AuditEntry } from '@marquee/domain/console';
import { actionWords, actorWords, entityWords, fieldChanges } from '../lib/audit-display';
import { formatInstant } from '../lib/instant-display';

/** The changed fields, before → after, in a small table (long values cut; the whole in the cell's title). */
function ChangesTable({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry);
  if (changes.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] table-fixed text-left text-sm">
        <caption className="sr-only">Changed fields</caption>
        {/* The same columns in every entry, however long its values. */}
        <colgroup>
          <col className="w-[28%]" />
          <col className="w-[36%]" />
          <col className="w-[36%]" />
        </colgroup>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Before
            </th>
            <th scope="col" className="py-1 font-semibold">
              After
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal break-all text-slate-700">
                {change.field}
              </th>
              <td
                className="py-1 pr-3 break-words text-slate-900 [overflow-wrap:anywhere]"
                title={change.before === change.beforeFull ? undefined : change.beforeFull}
              >
                {change.before}
              </td>
              <td
                className="py-1 break-words text-slate-900 [overflow-wrap:anywhere]"
                title={change.after === change.afterFull ? undefined : change.afterFull}
              >
                {change.after}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One entry of the log: when (the viewer's time), who, what, on what, and the fields it changed. */
export function AuditEntryItem({ entry, eventNames }: { entry: AuditEntry; eventNames: ReadonlyMap<string, string> }) {
  const actor = actorWords(entry.actor);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-700">
        <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
      </p>
      <p className="text-slate-900">
        <span className="font-semibold break-all">{actor.name}</span>
        {actor.detail ? <span className="text-slate-700"> ({actor.detail})</span> : null} {actionWords(entry.action)}
      </p>
      <p className="text-sm text-slate-700">{entityWords(entry, eventNames)}</p>
      <ChangesTable entry={entry} />
    </li>
  );
}
