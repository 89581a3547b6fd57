import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GateTicket } from '../api/gate-schemas';
import {
  ticketMatches,
  type AttentionItem,
  type GateStore,
  type PackKey,
  type PackMeta,
  type QueuedScan,
} from './gate-store';

/** The scanner's IndexedDB database: one per browser profile, shared by every list and organisation. */
interface GateDb extends DBSchema {
  packs: { key: PackKey; value: PackMeta };
  tickets: { key: [PackKey, string]; value: GateTicket & { pack: PackKey }; indexes: { 'by-pack': PackKey } };
  queue: { key: string; value: QueuedScan; indexes: { 'by-pack': PackKey } };
  attention: { key: string; value: AttentionItem; indexes: { 'by-pack': PackKey } };
}

const DB_NAME = 'marquee-gate';
const DB_VERSION = 1;

const byScanTime = (a: { scanned_at: string }, b: { scanned_at: string }) => a.scanned_at.localeCompare(b.scanned_at);

function withoutPack({ pack: _pack, ...ticket }: GateTicket & { pack: PackKey }): GateTicket {
  return ticket;
}

/** The store in IndexedDB (the `idb` wrapper): the pack, the queue and the conflicts survive a reload. */
export async function openIdbGateStore(): Promise<GateStore> {
  const db: IDBPDatabase<GateDb> = await openDB<GateDb>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('packs', { keyPath: 'key' });
      database.createObjectStore('tickets', { keyPath: ['pack', 'code'] }).createIndex('by-pack', 'pack');
      database.createObjectStore('queue', { keyPath: 'client_scan_id' }).createIndex('by-pack', 'pack');
      database.createObjectStore('attention', { keyPath: 'client_scan_id' }).createIndex('by-pack', 'pack');
    },
  });
  return {
    async savePack(meta, tickets) {
      // One transaction: a pack is never half replaced (a reload mid-download keeps the old one whole).
      const tx = db.transaction(['packs', 'tickets'], 'readwrite');
      const store = tx.objectStore('tickets');
      const old = await store.index('by-pack').getAllKeys(meta.key);
      await Promise.all([
        ...old.map((key) => store.delete(key)),
        ...tickets.map((ticket) => store.put({ ...ticket, pack: meta.key })),
        tx.objectStore('packs').put(meta),
      ]);
      await tx.done;
    },
    getPack: (key) => db.get('packs', key),
    listPacks: () => db.getAll('packs'),
    async deletePack(key) {
      const tx = db.transaction(['packs', 'tickets', 'attention'], 'readwrite');
      const [tickets, conflicts] = await Promise.all([
        tx.objectStore('tickets').index('by-pack').getAllKeys(key),
        tx.objectStore('attention').index('by-pack').getAllKeys(key),
      ]);
      await Promise.all([
        ...tickets.map((ticketKey) => tx.objectStore('tickets').delete(ticketKey)),
        ...conflicts.map((id) => tx.objectStore('attention').delete(id)),
        tx.objectStore('packs').delete(key),
        tx.done,
      ]);
    },
    async getTicket(key, code) {
      const row = await db.get('tickets', [key, code]);
      return row ? withoutPack(row) : undefined;
    },
    async putTicket(key, ticket) {
      await db.put('tickets', { ...ticket, pack: key });
    },
    async searchTickets(key, query, limit) {
      const found: GateTicket[] = [];
      let cursor = await db.transaction('tickets').store.index('by-pack').openCursor(key);
      while (cursor && found.length < limit) {
        if (ticketMatches(cursor.value, query)) found.push(withoutPack(cursor.value));
        cursor = await cursor.continue();
      }
      return found;
    },
    async enqueue(scan) {
      await db.put('queue', scan);
    },
    async queued(key) {
      return (await db.getAllFromIndex('queue', 'by-pack', key)).sort(byScanTime);
    },
    async dequeue(ids) {
      const tx = db.transaction('queue', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
    async addAttention(items) {
      const tx = db.transaction('attention', 'readwrite');
      await Promise.all([...items.map((item) => tx.store.put(item)), tx.done]);
    },
    async attention(key) {
      return (await db.getAllFromIndex('attention', 'by-pack', key)).sort(byScanTime);
    },
    async dismissAttention(id) {
      await db.delete('attention', id);
    },
  };
}
