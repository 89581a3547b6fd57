import type { Db } from '@marquee/db/client';
import { UNIQUE_VIOLATION, isViolationOf } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import {
  GATE_EVENTS_MAX,
  GATE_LOOKUP_MAX,
  GATE_MESSAGES,
  GateScanResultSchema,
  type CheckInList,
  type CheckInListCreateBody,
  type CheckInListsAnswer,
  type CheckInListUpdateBody,
  type GateEventsAnswer,
  type GateLookupAnswer,
  type GatePack,
  type GateScanResult,
  type GateScansAnswer,
  type GateScansBody,
} from '@marquee/domain/gate';
import type { TicketClaims, TicketsPublicKey } from '@marquee/domain/tickets';
import { AppError, invalidField } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';
import { decideScan, type ScanContext, type VerifiedQr } from './decide-scan';
import { gateTicketOf } from './door-ticket';
import * as repository from './repository';

export type GateService = ReturnType<typeof createGateService>;

export interface GateServiceDeps {
  db: Db;
  /** A scanned code's claims when it is ours (tickets' verify-code); AppError 422 with the reason otherwise. */
  verifyCode: (text: string) => Promise<TicketClaims>;
  /** The key the QR codes are signed with (tickets' public key). */
  publicKey: () => Promise<TicketsPublicKey>;
}

const ScanAnswerSchema = GateScanResultSchema.omit({ client_scan_id: true });

/** The same scan sent twice at once: the other request recorded it first; its answer is read after a rollback. */
class ScanRecordedMeanwhile extends Error {}

function eventOf(actor: OrganiserActor) {
  if (!actor.event) throw new Error('gate: the route must be scoped to an event');
  return actor.event;
}

const nameTaken = () =>
  new AppError('check_in_list_name_taken', GATE_MESSAGES.nameTaken, { name: [GATE_MESSAGES.nameTaken] });

function listAnswerOf(row: repository.ListWithCounts, packages: readonly { id: number; name: string }[]): CheckInList {
  const named = new Map(packages.map((each) => [each.id, each.name]));
  // A package deleted since the list was made is left out (the list's array has no foreign key).
  const ids = row.packageIds.filter((id) => named.has(id));
  return {
    id: row.id,
    name: row.name,
    package_ids: ids,
    packages: ids.map((id) => ({ id, name: named.get(id) ?? '' })),
    checked_in: row.checkedIn,
    total: row.total,
  };
}

async function checkPackages(tx: ScopedTx, eventId: number, ids: readonly number[]): Promise<number[]> {
  const own = new Set((await repository.findEventPackages(tx, eventId)).map((each) => each.id));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !own.has(id))) throw invalidField('package_ids', GATE_MESSAGES.foreignPackages);
  return unique;
}

async function gateEventOf(tx: ScopedTx, actor: OrganiserActor): Promise<repository.GateEvent> {
  const event = await repository.findGateEvent(tx, eventOf(actor).id);
  if (!event) throw new AppError('not_found', 'No such event.');
  return event;
}

async function listOf(tx: ScopedTx, eventId: number, listId: number): Promise<repository.GateList> {
  const list = await repository.findList(tx, eventId, listId);
  if (!list) throw new AppError('not_found', GATE_MESSAGES.listNotFound);
  return list;
}

async function answerForList(tx: ScopedTx, eventId: number, listId: number): Promise<CheckInList> {
  const [row] = await repository.findListsWithCounts(tx, eventId, listId);
  if (!row) throw new Error('gate: the list just written is not found');
  return listAnswerOf(row, await repository.findEventPackages(tx, eventId));
}

/**
 * The gate (issue 22; decisions/043): an event's check-in lists with counts that stay right when lists overlap, a
 * list's offline pack, the door's look-up, and scans decided in the database exactly once. Every use case runs in
 * the scoped transaction (walls 1 and 2); list changes append their audit row in it.
 */
export function createGateService(deps: GateServiceDeps) {
  const { db } = deps;

  async function verifyQr(text: string): Promise<VerifiedQr> {
    try {
      return { ok: true, claims: await deps.verifyCode(text) };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
      return { ok: false, message: error.message };
    }
  }

  /**
   * One scan in a transaction of its own: decided, then recorded under its (list, device, client_scan_id). A
   * transaction per scan holds at most one ticket's row lock, so two devices syncing overlapping queues never
   * deadlock, and a gate waits for another's scan of the same ticket only for that one scan.
   */
  async function scanOnce(
    actor: OrganiserActor,
    context: ScanContext,
    deviceId: string,
    offline: boolean,
    scan: GateScansBody['scans'][number],
  ): Promise<GateScanResult> {
    try {
      const answer = await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const decision = await decideScan(tx, context, scan);
        const recorded = await repository.insertScan(tx, {
          ticketId: decision.ticketId,
          eventId: context.event.id,
          checkInListId: context.list.id,
          listName: context.list.name,
          deviceId,
          clientScanId: scan.client_scan_id,
          scannedAt: new Date(scan.scanned_at),
          offline: scan.offline ?? offline,
          result: decision.answer.result,
          reason: decision.answer.reason,
          answer: decision.answer,
        });
        // Rolls the admission back: the first request's decision is the one that stands.
        if (!recorded) throw new ScanRecordedMeanwhile();
        return decision.answer;
      });
      return { client_scan_id: scan.client_scan_id, ...answer };
    } catch (error) {
      if (!(error instanceof ScanRecordedMeanwhile)) throw error;
    }
    const stored = await withOrganiserScope(db, organiserScopeOf(actor), (tx) =>
      repository.findScanAnswers(tx, context.list.id, deviceId, [scan.client_scan_id]),
    );
    const answer = stored.get(scan.client_scan_id);
    if (answer === undefined) throw new Error('gate: a scan recorded meanwhile is not found');
    return { client_scan_id: scan.client_scan_id, ...ScanAnswerSchema.parse(answer) };
  }

  return {
    /** The events the member may scan at (organisation scope: a limited member's events only), for the door. */
    events(actor: OrganiserActor): Promise<GateEventsAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const rows = await repository.findScannableEvents(tx, GATE_EVENTS_MAX);
        return {
          events: rows.map((row) => ({
            uid: row.uid,
            name: row.name,
            starts_at: row.startDate.toISOString(),
            time_zone: row.timeZone,
            status: row.status,
            venue_name: row.venueName,
          })),
        };
      });
    },

    /** The event's lists with their counts, and the event's own totals (each ticket once). */
    list(actor: OrganiserActor): Promise<CheckInListsAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const event = await gateEventOf(tx, actor);
        const [rows, packages, totals] = [
          await repository.findListsWithCounts(tx, event.id),
          await repository.findEventPackages(tx, event.id),
          await repository.findEventTotals(tx, event.id),
        ];
        return {
          lists: rows.map((row) => listAnswerOf(row, packages)),
          event: {
            uid: event.uid,
            name: event.name,
            starts_at: event.startDate.toISOString(),
            time_zone: event.timeZone,
          },
          totals: { checked_in: totals.checkedIn, total: totals.total },
        };
      });
    },

    async create(actor: OrganiserActor, body: CheckInListCreateBody): Promise<CheckInList> {
      const { id: eventId, uid } = eventOf(actor);
      try {
        return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
          const packageIds = await checkPackages(tx, eventId, body.package_ids);
          const inserted = await repository.insertList(tx, eventId, body.name, packageIds);
          if (!inserted) throw nameTaken();
          await appendAudit(tx, {
            action: 'check_in_list.create',
            entityType: 'check_in_list',
            entityId: inserted.id,
            eventId,
            eventUid: uid,
            after: { name: body.name, package_ids: packageIds },
          });
          return answerForList(tx, eventId, inserted.id);
        });
      } catch (error) {
        if (isViolationOf(error, UNIQUE_VIOLATION, 'check_in_lists_event_name_key')) throw nameTaken();
        throw error;
      }
    },

    async update(actor: OrganiserActor, listId: number, body: CheckInListUpdateBody): Promise<CheckInList> {
      const { id: eventId, uid } = eventOf(actor);
      try {
        return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
          const list = await listOf(tx, eventId, listId);
          const change: { name?: string; packageIds?: number[] } = {};
          if (body.name !== undefined && body.name !== list.name) change.name = body.name;
          if (body.package_ids !== undefined) {
            const packageIds = await checkPackages(tx, eventId, body.package_ids);
            if (packageIds.join(',') !== list.packageIds.join(',')) change.packageIds = packageIds;
          }
          if (Object.keys(change).length > 0) {
            await repository.updateList(tx, list.id, change);
            await appendAudit(tx, {
              action: 'check_in_list.update',
              entityType: 'check_in_list',
              entityId: list.id,
              eventId,
              eventUid: uid,
              before: {
                ...(change.name === undefined ? {} : { name: list.name }),
                ...(change.packageIds === undefined ? {} : { package_ids: list.packageIds }),
              },
              after: {
                ...(change.name === undefined ? {} : { name: change.name }),
                ...(change.packageIds === undefined ? {} : { package_ids: change.packageIds }),
              },
            });
          }
          return answerForList(tx, eventId, list.id);
        });
      } catch (error) {
        if (isViolationOf(error, UNIQUE_VIOLATION, 'check_in_lists_event_name_key')) throw nameTaken();
        throw error;
      }
    },

    /** Deletes a list; its scans stay, with the gate's name as it was (their list id becomes null). */
    remove(actor: OrganiserActor, listId: number): Promise<void> {
      const { id: eventId, uid } = eventOf(actor);
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const list = await listOf(tx, eventId, listId);
        await repository.deleteList(tx, list.id);
        await appendAudit(tx, {
          action: 'check_in_list.delete',
          entityType: 'check_in_list',
          entityId: list.id,
          eventId,
          eventUid: uid,
          before: { name: list.name, package_ids: list.packageIds },
        });
      });
    },

    /** What a scanner keeps to work offline: the key, and every ticket of the list's packages with its state. */
    async pack(actor: OrganiserActor, listId: number): Promise<GatePack> {
      const key = await deps.publicKey();
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const event = await gateEventOf(tx, actor);
        const list = await listOf(tx, event.id, listId);
        const generatedAt = new Date();
        const rows = await repository.findPackTickets(tx, event.id, list.packageIds);
        return {
          list: { id: list.id, name: list.name, package_ids: list.packageIds },
          public_key: key.jwk.x,
          key_id: key.key_id,
          generated_at: generatedAt.toISOString(),
          tickets: rows.map((row) => gateTicketOf(row, event.seatMap)),
        };
      });
    },

    /** The door's manual look-up: the list's tickets by holder name or Booking ID, at most GATE_LOOKUP_MAX. */
    lookup(actor: OrganiserActor, listId: number, q: string): Promise<GateLookupAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const event = await gateEventOf(tx, actor);
        const list = await listOf(tx, event.id, listId);
        const rows = await repository.lookupTickets(tx, event.id, list.packageIds, q, GATE_LOOKUP_MAX);
        return { tickets: rows.map((row) => gateTicketOf(row, event.seatMap)) };
      });
    },

    /**
     * A device's scans, in the order sent. Scans it sent before (a resync) get the answer they were given, and
     * nothing is written; the others are decided one by one, each in its own transaction.
     */
    async scan(actor: OrganiserActor, listId: number, body: GateScansBody): Promise<GateScansAnswer> {
      const { context, replays } = await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const event = await gateEventOf(tx, actor);
        const list = await listOf(tx, event.id, listId);
        const answers = await repository.findScanAnswers(
          tx,
          list.id,
          body.device_id,
          body.scans.map((scan) => scan.client_scan_id),
        );
        return { context: { event, list, verifyQr } satisfies ScanContext, replays: answers };
      });
      const results: GateScanResult[] = [];
      // The same client_scan_id twice in one request is one scan: the first decides, the second replays it.
      const decided = new Map<string, GateScanResult>();
      for (const scan of body.scans) {
        const replay = decided.get(scan.client_scan_id) ?? replays.get(scan.client_scan_id);
        const result =
          replay === undefined
            ? await scanOnce(actor, context, body.device_id, body.offline ?? false, scan)
            : { client_scan_id: scan.client_scan_id, ...ScanAnswerSchema.parse(replay) };
        decided.set(scan.client_scan_id, result);
        results.push(result);
      }
      return { results };
    },
  };
}
