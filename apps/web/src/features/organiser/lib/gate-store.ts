import type { GateTicket, ScanRefusalReason, ScannedTicket } from '../api/gate-schemas';

/**
 * What the scanner keeps on the phone, behind one interface: the list's pack (its tickets and public key), the
 * scans made offline waiting to be sent, and the conflicts the server reported for them. The browser keeps it
 * in IndexedDB (gate-idb-store.ts), so a reload or a dead battery loses nothing; tests and a browser without
 * IndexedDB (some private modes) use the in-memory one below.
 */

/** One check-in list's pack on this phone: `${org}/${eventUid}/${listId}`. */
export type PackKey = string;

export function packKeyOf(org: string, eventUid: string, listId: number): PackKey {
  return `${org}/${eventUid}/${listId}`;
}

export interface PackMeta {
  key: PackKey;
  org: string;
  eventUid: string;
  eventName: string;
  /** When the event starts (ISO): the pack is wiped from the phone a while after (PACK_KEEP_AFTER_START_MS). */
  eventStartsAt: string;
  listId: number;
  listName: string;
  /** base64url of the raw Ed25519 public key. */
  publicKey: string;
  /** When the server made the pack, and when this phone got it (ISO). */
  generatedAt: string;
  downloadedAt: string;
  ticketCount: number;
}

/** A scan decided on this phone while offline, to be sent with `offline: true`. */
export interface QueuedScan {
  client_scan_id: string;
  pack: PackKey;
  scanned_at: string;
  qr?: string;
  ticket_code?: string;
  /** The ticket the phone admitted (for the "Needs attention" list if the server disagrees). */
  ticket: ScannedTicket;
}

/** A scan admitted offline that the server refused on sync: admitted at another gate, voided since... */
export interface AttentionItem {
  client_scan_id: string;
  pack: PackKey;
  scanned_at: string;
  ticket: ScannedTicket;
  reason: ScanRefusalReason | null;
  message: string;
  first_scanned_at: string | null;
  first_list_name: string | null;
}

export interface GateStore {
  /** Replaces the pack (meta and every ticket). */
  savePack(meta: PackMeta, tickets: readonly GateTicket[]): Promise<void>;
  getPack(key: PackKey): Promise<PackMeta | undefined>;
  /** Removes the pack, its tickets and its conflicts (never the queue: scans not yet sent are kept). */
  deletePack(key: PackKey): Promise<void>;
  /** Every pack on this phone (the door's way back to its gates). */
  listPacks(): Promise<PackMeta[]>;
  getTicket(key: PackKey, code: string): Promise<GateTicket | undefined>;
  putTicket(key: PackKey, ticket: GateTicket): Promise<void>;
  /** Tickets whose holder's name or Booking ID contains `query` (any case), at most `limit`. */
  searchTickets(key: PackKey, query: string, limit: number): Promise<GateTicket[]>;
  enqueue(scan: QueuedScan): Promise<void>;
  /** The pack's waiting scans, oldest first. */
  queued(key: PackKey): Promise<QueuedScan[]>;
  dequeue(ids: readonly string[]): Promise<void>;
  addAttention(items: readonly AttentionItem[]): Promise<void>;
  attention(key: PackKey): Promise<AttentionItem[]>;
  dismissAttention(id: string): Promise<void>;
}

export function ticketMatches(ticket: GateTicket, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return false;
  return ticket.holder_name.toLowerCase().includes(needle) || ticket.booking_id.toLowerCase().includes(needle);
}

/** Holders' names stay on a phone for the event and two days after, then go (decisions/043). */
export const PACK_KEEP_AFTER_START_MS = 2 * 24 * 60 * 60 * 1000;

/** Wipes the packs of events that started long ago, unless scans of theirs still wait to be sent. */
export async function purgeStalePacks(store: GateStore, now: Date): Promise<PackKey[]> {
  const purged: PackKey[] = [];
  for (const pack of await store.listPacks()) {
    const startsAt = Date.parse(pack.eventStartsAt);
    if (!(startsAt + PACK_KEEP_AFTER_START_MS < now.getTime())) continue;
    if ((await store.queued(pack.key)).length > 0) continue;
    await store.deletePack(pack.key);
    purged.push(pack.key);
  }
  return purged;
}

const byScanTime = (a: { scanned_at: string }, b: { scanned_at: string }) => a.scanned_at.localeCompare(b.scanned_at);

/** The store in memory: for tests, and for a browser that refuses IndexedDB (the scanner still works, unsaved). */
export function createMemoryGateStore(): GateStore {
  const packs = new Map<PackKey, PackMeta>();
  const tickets = new Map<PackKey, Map<string, GateTicket>>();
  const queue = new Map<string, QueuedScan>();
  const attention = new Map<string, AttentionItem>();
  return {
    async savePack(meta, list) {
      packs.set(meta.key, { ...meta });
      tickets.set(meta.key, new Map(list.map((ticket) => [ticket.code, { ...ticket }])));
    },
    async getPack(key) {
      const meta = packs.get(key);
      return meta ? { ...meta } : undefined;
    },
    async deletePack(key) {
      packs.delete(key);
      tickets.delete(key);
      for (const [id, item] of attention) if (item.pack === key) attention.delete(id);
    },
    async listPacks() {
      return [...packs.values()].map((meta) => ({ ...meta }));
    },
    async getTicket(key, code) {
      const ticket = tickets.get(key)?.get(code);
      return ticket ? { ...ticket } : undefined;
    },
    async putTicket(key, ticket) {
      tickets.get(key)?.set(ticket.code, { ...ticket });
    },
    async searchTickets(key, query, limit) {
      return [...(tickets.get(key)?.values() ?? [])].filter((ticket) => ticketMatches(ticket, query)).slice(0, limit);
    },
    async enqueue(scan) {
      queue.set(scan.client_scan_id, { ...scan });
    },
    async queued(key) {
      return [...queue.values()].filter((scan) => scan.pack === key).sort(byScanTime);
    },
    async dequeue(ids) {
      for (const id of ids) queue.delete(id);
    },
    async addAttention(items) {
      for (const item of items) attention.set(item.client_scan_id, { ...item });
    },
    async attention(key) {
      return [...attention.values()].filter((item) => item.pack === key).sort(byScanTime);
    },
    async dismissAttention(id) {
      attention.delete(id);
    },
  };
}
