import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import { appendAudit, withOrganiserScope, type OrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import { AppError } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import { canSeeContact } from '../desk/service';
import { attendeeColumns, orderColumns, type Column, type ColumnContext } from './columns';
import { attachmentDisposition, exportFileName } from './filename';
import * as repository from './repository';
import { EXPORT_DEFAULTS, type ExportsOptions } from './options';
import { csvFile, xlsxFile } from './writers';

export type ExportsService = ReturnType<typeof createExportsService>;
export type ExportKind = 'attendees' | 'orders';
export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_MESSAGES = {
  eventNotFound: 'No such event.',
  busy: (limit: number) =>
    `This organisation already has ${limit} exports running. Try again when one of them has finished.`,
  stalled: 'export ended: the client took nothing for too long',
} as const;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile {
  contentType: string;
  disposition: string;
  body: Readable;
}

/**
 * Attendee and order exports, streamed (issue 22; docs/decisions/042). An export:
 * 1. takes one of its organisation's slots (or is refused: 429 `rate_limited`);
 * 2. reads the event in the member's scope and writes the audit row (who exported what, with or without
 *    contact details), in one scoped transaction, before a byte is sent;
 * 3. answers a stream whose rows are read a page at a time, each page in its own scoped transaction, only when
 *    the stream has room: memory holds a page, whatever the event's size, and no transaction stays open while
 *    the client downloads;
 * 4. gives its slot back when the stream closes: finished, failed, or the client gone.
 */
export function createExportsService(deps: { db: Db; log?: FastifyBaseLogger; options?: ExportsOptions }) {
  const { db } = deps;
  const options = { ...EXPORT_DEFAULTS, ...deps.options };
  const running = new Map<number, number>();

  function takeSlot(organisationId: number): () => void {
    const now = running.get(organisationId) ?? 0;
    if (now >= options.perOrganisation) {
      throw new AppError('rate_limited', EXPORT_MESSAGES.busy(options.perOrganisation));
    }
    running.set(organisationId, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (running.get(organisationId) ?? 1) - 1;
      if (left <= 0) running.delete(organisationId);
      else running.set(organisationId, left);
    };
  }

  /**
   * The pages of `read`, one after another by keyset (`id > last`), each page read in its own scoped transaction
   * when the consumer asks for more. `touch` is called at each page (the idle watchdog).
   */
  async function* pagesOf<Row extends { id: number }>(
    scope: OrganiserScope,
    read: (tx: ScopedTx, after: number, limit: number) => Promise<Row[]>,
    touch: () => void,
  ): AsyncGenerator<Row[]> {
    let after = 0;
    for (let page = 0; ; page += 1) {
      if (page > 0) await options.beforePage?.(page);
      touch();
      const rows = await withOrganiserScope(db, scope, (tx) => read(tx, after, options.pageRows));
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (rows.length < options.pageRows || last === undefined) return;
      after = last.id;
    }
  }

  async function open(
    actor: OrganiserActor,
    kind: ExportKind,
    format: ExportFormat,
    eventId: number,
  ): Promise<ExportFile> {
    const release = takeSlot(actor.organisationId);
    try {
      const scope = organiserScopeOf(actor);
      const withContact = canSeeContact(actor);
      const event = await withOrganiserScope(db, scope, async (tx) => {
        const found = await repository.findExportEvent(tx, eventId);
        if (!found) return null;
        await appendAudit(tx, {
          action: `export.${kind}`,
          entityType: 'event',
          entityId: found.uid,
          eventId: found.id,
          eventUid: found.uid,
          after: { format, contact: withContact },
        });
        return found;
      });
      if (!event) throw new AppError('not_found', EXPORT_MESSAGES.eventNotFound);

      const context: ColumnContext = { withContact, timeZone: event.timeZone, seatMap: event.seatMap };
      // A client that takes nothing for `idleMs` would hold its slot forever: the export is ended.
      const watchdog = idleWatchdog(options.idleMs, () => {
        deps.log?.warn({ eventId, kind, format }, EXPORT_MESSAGES.stalled);
        body.destroy(new Error(EXPORT_MESSAGES.stalled));
      });
      const touch = watchdog.touch;
      const body =
        kind === 'attendees'
          ? fileOf(
              format,
              'Attendees',
              attendeeColumns(context),
              pagesOf(scope, (tx, after, limit) => repository.findTicketPage(tx, event, after, limit), touch),
            )
          : fileOf(
              format,
              'Orders',
              orderColumns(context),
              pagesOf(scope, (tx, after, limit) => repository.findOrderPage(tx, event, after, limit), touch),
            );
      body.once('close', () => {
        watchdog.stop();
        release();
      });
      return {
        contentType: CONTENT_TYPES[format],
        disposition: attachmentDisposition(exportFileName(event, kind, format, new Date())),
        body,
      };
    } catch (error) {
      release();
      throw error;
    }
  }

  return {
    open,
    /** Exports running now per organisation (tests and the limit's own checks). */
    runningFor: (organisationId: number) => running.get(organisationId) ?? 0,
  };
}

/** Calls `onIdle` once `touch` has not been called for `ms` (from now); `stop` ends the watch. */
function idleWatchdog(ms: number, onIdle: () => void) {
  const timer = setTimeout(onIdle, ms);
  timer.unref();
  return { touch: () => void timer.refresh(), stop: () => clearTimeout(timer) };
}

function fileOf<Row>(
  format: ExportFormat,
  sheetName: string,
  columns: readonly Column<Row>[],
  pages: AsyncIterable<readonly Row[]>,
): Readable {
  return format === 'csv' ? csvFile(columns, pages) : xlsxFile(sheetName, columns, pages);
}
