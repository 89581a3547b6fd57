import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { GatePack, GateTicket, ScanRequest, ScanResult } from '../api/gate-schemas';
import {
  CODES,
  EVENT_UID,
  admitted,
  claimsOf,
  makeGateTicket,
  makePack,
  makeSigningKeys,
  signTicket,
} from '../test/gate-fixtures';
import { isNetworkFailure } from './gate-device';
import { GateEngine, SAME_CODE_PAUSE_MS, type GateApi } from './gate-engine';
import {
  PACK_KEEP_AFTER_START_MS,
  createMemoryGateStore,
  packKeyOf,
  purgeStalePacks,
  type GateStore,
} from './gate-store';

const PACK_KEY = packKeyOf('acme', EVENT_UID, 5);

/** The server as the scanner sees it: a pack, and scans answered by a function the test gives. */
function fakeServer(pack: GatePack) {
  const requests: { device_id: string; scans: ScanRequest[] }[] = [];
  let answer: (scan: ScanRequest) => ScanResult = (scan) => {
    const ticket = pack.tickets.find((each) => each.code === (scan.ticket_code ?? codeOfQr(scan.qr)))!;
    return admitted(scan.client_scan_id, ticket);
  };
  let failure: unknown = null;
  const api: GateApi = {
    getPack: vi.fn(async () => structuredClone(pack)),
    postScans: vi.fn(async (body: { device_id: string; scans: ScanRequest[] }) => {
      requests.push(structuredClone(body));
      if (failure) throw failure;
      return { results: body.scans.map((scan) => answer(scan)) };
    }),
  };
  return {
    api,
    requests,
    answerWith: (next: (scan: ScanRequest) => ScanResult) => {
      answer = next;
    },
    failWith: (error: unknown) => {
      failure = error;
    },
  };
}

function codeOfQr(qr: string | undefined): string {
  const claims = qr?.split('.')[1] ?? '';
  return (JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/'))) as { c: string }).c;
}

describe('GateEngine: one list on one phone', () => {
  let keys: Awaited<ReturnType<typeof makeSigningKeys>>;
  let tickets: GateTicket[];
  let store: GateStore;
  let online: boolean;
  let now: Date;
  let ids: number;

  function makeEngine(server: ReturnType<typeof fakeServer>, onStore: GateStore = store) {
    return new GateEngine({
      store: onStore,
      api: server.api,
      pack: {
        key: PACK_KEY,
        org: 'acme',
        eventUid: EVENT_UID,
        eventName: 'Colombo Jazz Night',
        eventStartsAt: '2026-12-05T14:00:00.000Z',
        listId: 5,
        listName: 'Main gate',
      },
      deviceId: 'device-1234',
      isOnline: () => online,
      now: () => now,
      newId: () => `scan-${(ids += 1)}`,
      isNetworkFailure,
    });
  }

  const qrOf = (code: string, overrides = {}) => signTicket(claimsOf(code, overrides), keys.secretKey);

  beforeEach(async () => {
    keys = await makeSigningKeys();
    tickets = [
      makeGateTicket({ code: CODES[0], holder_name: 'Dilani Fernando' }),
      makeGateTicket({ code: CODES[1], holder_name: 'Ravi Perera', state: 'voided' }),
      makeGateTicket({ code: CODES[2], holder_name: 'Anura Silva', seat: 'Stalls · Row A · Seat 3' }),
    ];
    store = createMemoryGateStore();
    online = true;
    now = new Date('2026-12-05T13:00:00.000Z');
    ids = 0;
  });

  it('online: the server decides, and the phone pack follows its answer', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    const outcome = await engine.scan({ qr: await qrOf(CODES[0]) });
    expect(outcome).toMatchObject({
      tone: 'admitted',
      decidedOffline: false,
      ticket: { holder_name: 'Dilani Fernando' },
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ device_id: 'device-1234', scans: [{ client_scan_id: 'scan-1' }] });
    expect(server.requests[0]!.scans[0]!.offline).toBeUndefined();
    expect((await store.getTicket(PACK_KEY, CODES[0]))?.state).toBe('used');
    expect(engine.getState().queued).toBe(0);
  });

  it('a forged code is refused at once, without asking the server, online or not', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    const forger = await makeSigningKeys();
    const forged = await signTicket(claimsOf(CODES[0]), forger.secretKey);
    expect(await engine.scan({ qr: forged })).toMatchObject({ tone: 'refused', reason: 'bad_signature' });
    online = false;
    expect(await engine.scan({ qr: forged })).toMatchObject({ tone: 'refused', reason: 'bad_signature' });
    expect(server.api.postScans).not.toHaveBeenCalled();
    expect(engine.getState().queued).toBe(0);
  });

  it('a genuine code of another event is refused on the phone', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    expect(await engine.scan({ qr: await qrOf(CODES[0], { e: 'otherevent' }) })).toMatchObject({
      reason: 'other_event',
    });
    expect(server.api.postScans).not.toHaveBeenCalled();
  });

  it('offline: the pack admits a valid ticket once, queues the scan, refuses voided and unknown tickets', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;

    const first = await engine.scan({ qr: await qrOf(CODES[0]) });
    expect(first).toMatchObject({ tone: 'admitted', decidedOffline: true, ticket: { holder_name: 'Dilani Fernando' } });
    expect(engine.getState().queued).toBe(1);

    now = new Date('2026-12-05T13:00:10.000Z');
    expect(await engine.scan({ qr: await qrOf(CODES[0]) })).toMatchObject({ tone: 'warning', reason: 'already_used' });
    expect(await engine.scan({ qr: await qrOf(CODES[1]) })).toMatchObject({ tone: 'refused', reason: 'voided' });
    expect(await engine.scan({ qr: await qrOf(CODES[3]) })).toMatchObject({ tone: 'refused', reason: 'not_on_list' });
    // The look-up's Admit works offline too.
    expect(await engine.scan({ ticket_code: CODES[2] })).toMatchObject({ tone: 'admitted', decidedOffline: true });

    expect(server.api.postScans).not.toHaveBeenCalled();
    const queued = await store.queued(PACK_KEY);
    expect(queued.map((scan) => scan.ticket.code)).toEqual([CODES[0], CODES[2]]);
  });

  it('a request that fails on the way (navigator says online) is decided offline and queued', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    server.failWith(new TypeError('Failed to fetch'));
    expect(await engine.scan({ qr: await qrOf(CODES[0]) })).toMatchObject({ tone: 'admitted', decidedOffline: true });
    expect(engine.getState().queued).toBe(1);
  });

  it('a refusal of the request itself (403) is no reason to admit offline', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    server.failWith(new ApiError(403, { code: 'forbidden', message: 'Your role does not allow this.' }));
    await expect(engine.scan({ qr: await qrOf(CODES[0]) })).rejects.toThrow('Your role does not allow this.');
    expect(engine.getState().queued).toBe(0);
  });

  it('back online: the queue goes in batches of 500 with offline: true, and the server conflicts need attention', async () => {
    const many = Array.from({ length: 501 }, (_, index) =>
      makeGateTicket({ code: `T${String(index).padStart(15, '0')}`, holder_name: `Guest ${index}` }),
    );
    const server = fakeServer(makePack(keys.publicKey, many));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;
    for (const [index, ticket] of many.entries()) {
      now = new Date(Date.parse('2026-12-05T13:00:00.000Z') + index * 1000);
      await engine.scan({ ticket_code: ticket.code });
    }
    expect(engine.getState().queued).toBe(501);

    // Guest 7 was admitted at the VIP gate first; Guest 500 was refunded while the phone was offline.
    server.answerWith((scan) => {
      const ticket = many.find((each) => each.code === scan.ticket_code)!;
      if (ticket.holder_name === 'Guest 7') {
        return {
          ...admitted(scan.client_scan_id, ticket),
          result: 'refused',
          reason: 'already_used',
          message: 'Already scanned at 6:58 PM at VIP gate.',
          first_list_name: 'VIP gate',
        };
      }
      if (ticket.holder_name === 'Guest 500') {
        return {
          ...admitted(scan.client_scan_id, ticket),
          result: 'refused',
          reason: 'voided',
          message: 'Voided.',
          first_scanned_at: null,
          first_list_name: null,
        };
      }
      return admitted(scan.client_scan_id, ticket);
    });
    online = true;
    await engine.sync();

    expect(server.requests.map((request) => request.scans.length)).toEqual([500, 1]);
    expect(server.requests.flatMap((request) => request.scans).every((scan) => scan.offline === true)).toBe(true);
    // Oldest first, each scan's own time and id.
    expect(server.requests[0]!.scans[0]).toMatchObject({
      ticket_code: many[0]!.code,
      scanned_at: '2026-12-05T13:00:00.000Z',
    });
    expect(engine.getState().queued).toBe(0);
    expect(
      engine.getState().attention.map((item) => [item.ticket.holder_name, item.reason, item.first_list_name]),
    ).toEqual([
      ['Guest 7', 'already_used', 'VIP gate'],
      ['Guest 500', 'voided', null],
    ]);
    await engine.dismissAttention(engine.getState().attention[0]!.client_scan_id);
    expect(engine.getState().attention).toHaveLength(1);
  });

  it('an answer lost on the way keeps the queue, and the next sync sends the same scan ids (the server replays them)', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;
    await engine.scan({ qr: await qrOf(CODES[0]) });
    online = true;
    server.failWith(new TypeError('Failed to fetch'));
    await engine.sync();
    expect(engine.getState().queued).toBe(1);
    server.failWith(null);
    await engine.sync();
    expect(engine.getState().queued).toBe(0);
    expect(server.requests.map((request) => request.scans.map((scan) => scan.client_scan_id))).toEqual([
      ['scan-1'],
      ['scan-1'],
    ]);
  });

  it('a batch the server refuses (422) stays queued and the problem is shown', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;
    await engine.scan({ qr: await qrOf(CODES[0]) });
    online = true;
    server.failWith(new ApiError(422, { code: 'validation_failed', message: 'scanned_at must not be in the future.' }));
    await engine.sync();
    expect(engine.getState()).toMatchObject({
      queued: 1,
      syncing: false,
      syncProblem: 'scanned_at must not be in the future.',
    });
  });

  it('two syncs at once send the queue once', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;
    await engine.scan({ qr: await qrOf(CODES[0]) });
    online = true;
    await Promise.all([engine.sync(), engine.sync()]);
    expect(server.requests).toHaveLength(1);
  });

  it('the queue and the conflicts survive a reload (a new engine on the same store)', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const before = makeEngine(server);
    await before.refreshPack();
    online = false;
    await before.scan({ qr: await qrOf(CODES[0]) });

    const after = makeEngine(server);
    await after.load();
    expect(after.getState()).toMatchObject({ queued: 1, pack: { ticketCount: 3, listName: 'Main gate' } });
    // Still offline after the reload: the ticket is used on this phone.
    expect(await after.scan({ qr: await qrOf(CODES[0]) })).toMatchObject({ tone: 'warning' });
  });

  it('a fresh pack keeps the tickets of waiting scans used on this phone', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;
    await engine.scan({ qr: await qrOf(CODES[0]) });
    // The server has not heard of the scan yet: its pack still says valid.
    await engine.refreshPack();
    expect((await store.getTicket(PACK_KEY, CODES[0]))?.state).toBe('used');
    expect(await engine.scan({ qr: await qrOf(CODES[0]) })).toMatchObject({ tone: 'warning' });
  });

  it('the same code within 3 seconds is one scan (the camera sees it on every frame)', () => {
    const engine = makeEngine(fakeServer(makePack(keys.publicKey, tickets)));
    expect(engine.isRepeat('MQ1.a.b')).toBe(false);
    now = new Date(now.getTime() + SAME_CODE_PAUSE_MS - 1);
    expect(engine.isRepeat('MQ1.a.b')).toBe(true);
    expect(engine.isRepeat('MQ1.c.d')).toBe(false);
    expect(engine.isRepeat('MQ1.a.b')).toBe(false);
    now = new Date(now.getTime() + SAME_CODE_PAUSE_MS);
    expect(engine.isRepeat('MQ1.a.b')).toBe(false);
  });

  it('look-up: the server online, the pack offline', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    const online$ = vi.fn(async () => [tickets[2]!]);
    expect(await engine.search('anura', online$)).toEqual({ tickets: [tickets[2]], offline: false });
    online = false;
    expect(await engine.search('PERERA', online$)).toEqual({ tickets: [tickets[1]], offline: true });
    expect(online$).toHaveBeenCalledTimes(1);
  });

  it('wipes the holders of an event two days past from the phone, unless its scans still wait', async () => {
    const server = fakeServer(makePack(keys.publicKey, tickets));
    const engine = makeEngine(server);
    await engine.refreshPack();
    online = false;
    await engine.scan({ qr: await qrOf(CODES[0]) });

    const twoDaysAfter = new Date(Date.parse('2026-12-05T14:00:00.000Z') + PACK_KEEP_AFTER_START_MS + 1);
    expect(await purgeStalePacks(store, new Date('2026-12-06T23:00:00.000Z'))).toEqual([]);
    expect(await purgeStalePacks(store, twoDaysAfter)).toEqual([]);
    online = true;
    await engine.sync();
    expect(await purgeStalePacks(store, twoDaysAfter)).toEqual([PACK_KEY]);
    expect(await store.getPack(PACK_KEY)).toBeUndefined();
    expect(await store.getTicket(PACK_KEY, CODES[2])).toBeUndefined();
    expect(await store.searchTickets(PACK_KEY, 'anura', 20)).toEqual([]);
  });
});
