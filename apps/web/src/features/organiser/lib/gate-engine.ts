import type {
  GatePack,
  GateTicket,
  ScanRefusalReason,
  ScanRequest,
  ScanResult,
  ScannedTicket,
} from '../api/gate-schemas';
import { MAX_SCANS_PER_REQUEST } from '../api/gate-schemas';
import { checkTicketCode, decodePublicKey } from './gate-signature';
import type { AttentionItem, GateStore, PackKey, PackMeta } from './gate-store';

/**
 * The scanner's decisions (issue 22, decisions/043): one list on one phone.
 *
 * - Every QR code is verified here first with the pack's public key: a forged code is refused at once.
 * - Online, the server decides (it alone knows another gate's scans) and the local pack follows its answer.
 * - Offline (the browser says so, or a request fails on the way), the pack decides: a valid ticket is admitted
 *   and marked used on this phone, and the scan waits in the queue; a used or voided one is refused.
 * - Back online, the queue goes to the server in batches with `offline: true`. Each scan keeps its id, and the
 *   server answers a replayed (device, scan id) with its first answer, so a batch sent twice (the answer lost on
 *   the way) admits nobody twice. A scan the server refuses (admitted at another gate, voided since) goes to
 *   "Needs attention".
 */

export type ScanTone = 'admitted' | 'refused' | 'warning';

/** What the result panel says about one scan. */
export interface ScanOutcome {
  id: string;
  tone: ScanTone;
  reason: ScanRefusalReason | null;
  message: string;
  ticket: ScannedTicket | null;
  /** Decided on this phone without the server (offline). */
  decidedOffline: boolean;
  scannedAt: string;
}

export type ScanInput = { qr: string } | { ticket_code: string };

export interface GateApi {
  getPack(signal?: AbortSignal): Promise<GatePack>;
  postScans(body: { device_id: string; scans: ScanRequest[] }): Promise<{ results: ScanResult[] }>;
}

export interface GateEngineDeps {
  store: GateStore;
  api: GateApi;
  pack: {
    key: PackKey;
    org: string;
    eventUid: string;
    eventName: string;
    eventStartsAt: string;
    listId: number;
    listName: string;
  };
  deviceId: string;
  isOnline: () => boolean;
  now: () => Date;
  newId: () => string;
  /** A failure that means "no network" (the scan is decided offline) rather than a refusal. */
  isNetworkFailure: (error: unknown) => boolean;
}

export interface GateState {
  pack: PackMeta | null;
  queued: number;
  attention: AttentionItem[];
  syncing: boolean;
  /** The last sync's trouble that is not the network's (the server refused the batch). */
  syncProblem: string | null;
}

/** The same code seen again this soon (the camera sees it on every frame) is not a new scan. */
export const SAME_CODE_PAUSE_MS = 3_000;

export const REFUSAL_MESSAGES: Record<ScanRefusalReason, string> = {
  already_used: 'Already scanned.',
  voided: 'Do not admit: this ticket was voided (refunded or re-issued).',
  not_on_list: 'Do not admit: this ticket is not for this gate.',
  other_event: 'Do not admit: this ticket is for another event.',
  unknown_ticket: 'Do not admit: no such ticket.',
  bad_signature: 'Do not admit: this ticket code is forged or damaged.',
  booking_not_valid: 'Do not admit: the booking of this ticket is not valid.',
};

export function toneOf(result: 'admitted' | 'refused', reason: ScanRefusalReason | null): ScanTone {
  if (result === 'admitted') return 'admitted';
  return reason === 'already_used' ? 'warning' : 'refused';
}

function scannedTicketOf(ticket: GateTicket): ScannedTicket {
  return {
    code: ticket.code,
    booking_id: ticket.booking_id,
    holder_name: ticket.holder_name,
    package_name: ticket.package_name,
    seat: ticket.seat,
  };
}

function formatClock(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

export class GateEngine {
  private readonly deps: GateEngineDeps;
  private listeners = new Set<() => void>();
  private state: GateState = { pack: null, queued: 0, attention: [], syncing: false, syncProblem: null };
  private syncRun: Promise<void> | null = null;
  private lastCode: { text: string; at: number } | null = null;

  constructor(deps: GateEngineDeps) {
    this.deps = deps;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): GateState {
    return this.state;
  }

  private setState(change: Partial<GateState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Reads what this phone already has for the list (after a reload: the pack, the queue, the conflicts). */
  async load(): Promise<void> {
    const { store, pack } = this.deps;
    const [meta, queued, attention] = await Promise.all([
      store.getPack(pack.key),
      store.queued(pack.key),
      store.attention(pack.key),
    ]);
    this.setState({ pack: meta ?? null, queued: queued.length, attention });
  }

  /** Downloads the list's pack again; the scans still queued stay marked used on this phone. */
  async refreshPack(signal?: AbortSignal): Promise<PackMeta> {
    const { store, api, pack, now } = this.deps;
    const answer = await api.getPack(signal);
    const meta: PackMeta = {
      ...pack,
      listName: answer.list.name,
      publicKey: answer.public_key,
      generatedAt: answer.generated_at,
      downloadedAt: now().toISOString(),
      ticketCount: answer.tickets.length,
    };
    await store.savePack(meta, answer.tickets);
    for (const scan of await store.queued(pack.key)) await this.markUsed(scan.ticket.code, scan.scanned_at);
    this.setState({ pack: meta });
    return meta;
  }

  /**
   * True when this QR text was seen less than SAME_CODE_PAUSE_MS ago: the camera reads a code held up on every
   * frame, and that is one scan, not many.
   */
  isRepeat(text: string): boolean {
    const at = this.deps.now().getTime();
    const repeat = this.lastCode !== null && this.lastCode.text === text && at - this.lastCode.at < SAME_CODE_PAUSE_MS;
    if (!repeat) this.lastCode = { text, at };
    return repeat;
  }

  async scan(input: ScanInput): Promise<ScanOutcome> {
    const { newId, now } = this.deps;
    const id = newId();
    const scannedAt = now().toISOString();
    const refuse = (reason: ScanRefusalReason, message: string, ticket: ScannedTicket | null = null): ScanOutcome => ({
      id,
      tone: toneOf('refused', reason),
      reason,
      message,
      ticket,
      decidedOffline: true,
      scannedAt,
    });

    let code: string;
    if ('qr' in input) {
      const pack = this.state.pack ?? (await this.deps.store.getPack(this.deps.pack.key)) ?? null;
      const publicKey = pack ? decodePublicKey(pack.publicKey) : null;
      if (publicKey) {
        const check = await checkTicketCode(input.qr, publicKey);
        if (!check.ok) return refuse('bad_signature', check.message);
        if (check.claims.e !== this.deps.pack.eventUid) return refuse('other_event', REFUSAL_MESSAGES.other_event);
        code = check.claims.c;
      } else if (!this.deps.isOnline()) {
        return refuse('unknown_ticket', 'This phone has no ticket list yet: connect to the network to scan.');
      } else {
        code = '';
      }
    } else {
      code = input.ticket_code;
    }

    const request: ScanRequest = { client_scan_id: id, scanned_at: scannedAt, ...input };
    if (this.deps.isOnline()) {
      try {
        const { results } = await this.deps.api.postScans({ device_id: this.deps.deviceId, scans: [request] });
        const result = results.find((each) => each.client_scan_id === id);
        if (result) {
          if (result.ticket && (result.result === 'admitted' || result.reason === 'already_used')) {
            await this.markUsed(result.ticket.code, result.first_scanned_at ?? scannedAt, result.first_list_name);
          }
          return {
            id,
            tone: toneOf(result.result, result.reason),
            reason: result.reason,
            message: result.message,
            ticket: result.ticket,
            decidedOffline: false,
            scannedAt,
          };
        }
      } catch (error) {
        if (!this.deps.isNetworkFailure(error)) throw error;
      }
    }
    return this.decideOffline(request, code);
  }

  private async decideOffline(request: ScanRequest, code: string): Promise<ScanOutcome> {
    const { store, pack } = this.deps;
    const base = { id: request.client_scan_id, decidedOffline: true, scannedAt: request.scanned_at };
    const ticket = code ? await store.getTicket(pack.key, code) : undefined;
    if (!ticket) {
      return {
        ...base,
        tone: 'refused',
        reason: 'not_on_list',
        message: `${REFUSAL_MESSAGES.not_on_list} It is not in this phone's ticket list (offline).`,
        ticket: null,
      };
    }
    const scanned = scannedTicketOf(ticket);
    if (ticket.state === 'voided') {
      return { ...base, tone: 'refused', reason: 'voided', message: REFUSAL_MESSAGES.voided, ticket: scanned };
    }
    if (ticket.state === 'used') {
      const where = ticket.used_list_name ? ` (${ticket.used_list_name})` : '';
      const when = ticket.used_at ? ` at ${formatClock(ticket.used_at)}${where}` : where;
      return { ...base, tone: 'warning', reason: 'already_used', message: `Already scanned${when}.`, ticket: scanned };
    }
    await store.enqueue({ ...request, pack: pack.key, ticket: scanned });
    await this.markUsed(ticket.code, request.scanned_at);
    this.setState({ queued: (await store.queued(pack.key)).length });
    return {
      ...base,
      tone: 'admitted',
      reason: null,
      message: 'Admitted offline: the scan is sent when the network is back.',
      ticket: scanned,
    };
  }

  private async markUsed(code: string, usedAt: string, listName: string | null = this.deps.pack.listName) {
    const { store, pack } = this.deps;
    const ticket = await store.getTicket(pack.key, code);
    if (ticket && ticket.state === 'valid') {
      await store.putTicket(pack.key, { ...ticket, state: 'used', used_at: usedAt, used_list_name: listName });
    }
  }

  /** Sends the queue (one run at a time; a second call waits for the first). */
  sync(): Promise<void> {
    if (!this.syncRun) {
      this.syncRun = this.runSync().finally(() => {
        this.syncRun = null;
      });
    }
    return this.syncRun;
  }

  private async runSync(): Promise<void> {
    const { store, pack, api, deviceId } = this.deps;
    if (!this.deps.isOnline()) return;
    let queued = await store.queued(pack.key);
    if (queued.length === 0) return;
    this.setState({ syncing: true });
    try {
      while (queued.length > 0) {
        const batch = queued.slice(0, MAX_SCANS_PER_REQUEST);
        const scans: ScanRequest[] = batch.map((scan) => ({
          client_scan_id: scan.client_scan_id,
          scanned_at: scan.scanned_at,
          offline: true,
          ...(scan.qr !== undefined ? { qr: scan.qr } : { ticket_code: scan.ticket_code ?? scan.ticket.code }),
        }));
        let results: ScanResult[];
        try {
          ({ results } = await api.postScans({ device_id: deviceId, scans }));
        } catch (error) {
          if (this.deps.isNetworkFailure(error)) return;
          this.setState({ syncProblem: error instanceof Error ? error.message : 'The scans could not be sent.' });
          return;
        }
        const answered = new Map(results.map((result) => [result.client_scan_id, result]));
        const conflicts: AttentionItem[] = [];
        for (const scan of batch) {
          const result = answered.get(scan.client_scan_id);
          if (!result || result.result === 'admitted') continue;
          conflicts.push({
            client_scan_id: scan.client_scan_id,
            pack: pack.key,
            scanned_at: scan.scanned_at,
            ticket: result.ticket ?? scan.ticket,
            reason: result.reason,
            message: result.message,
            first_scanned_at: result.first_scanned_at,
            first_list_name: result.first_list_name,
          });
        }
        // Conflicts are kept before the scans leave the queue: a crash in between sends them again, and the
        // server answers a replay with the same refusal.
        await store.addAttention(conflicts);
        await store.dequeue(
          batch.filter((scan) => answered.has(scan.client_scan_id)).map((scan) => scan.client_scan_id),
        );
        const left = await store.queued(pack.key);
        this.setState({ queued: left.length, attention: await store.attention(pack.key), syncProblem: null });
        // Nothing was answered: stop rather than send the same batch for ever.
        if (left.length >= queued.length) return;
        queued = left;
      }
    } finally {
      this.setState({ syncing: false });
    }
  }

  async dismissAttention(id: string): Promise<void> {
    await this.deps.store.dismissAttention(id);
    this.setState({ attention: await this.deps.store.attention(this.deps.pack.key) });
  }

  /** Look-up at the door: the server's answer online, this phone's pack offline. */
  async search(
    query: string,
    online: (query: string) => Promise<GateTicket[]>,
  ): Promise<{ tickets: GateTicket[]; offline: boolean }> {
    if (this.deps.isOnline()) {
      try {
        return { tickets: await online(query), offline: false };
      } catch (error) {
        if (!this.deps.isNetworkFailure(error)) throw error;
      }
    }
    return { tickets: await this.deps.store.searchTickets(this.deps.pack.key, query, 20), offline: true };
  }
}
