import { useEffect, useState, useSyncExternalStore } from 'react';
import { getGatePack, postScans } from '../api/gate-api';
import { GateEngine, type GateState } from '../lib/gate-engine';
import { gateDeviceId, isNetworkFailure } from '../lib/gate-device';
import { openIdbGateStore } from '../lib/gate-idb-store';
import { createMemoryGateStore, packKeyOf, purgeStalePacks, type GateStore } from '../lib/gate-store';

/** How often a phone with scans waiting tries the server again, besides the browser's `online` event. */
export const SYNC_RETRY_MS = 15_000;

let sharedStore: Promise<GateStore> | null = null;

/** IndexedDB when the browser gives it, else memory (the scanner works; a reload forgets). */
function gateStore(): Promise<GateStore> {
  sharedStore ??= openIdbGateStore()
    .catch(() => createMemoryGateStore())
    .then(async (store) => {
      // Holders' names of past events leave the phone the first time the scanner opens after.
      await purgeStalePacks(store, new Date()).catch(() => undefined);
      return store;
    });
  return sharedStore;
}

/** Every list's pack kept on this phone (the door's way back to its gates). */
export async function listStoredPacks() {
  return (await gateStore()).listPacks();
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
  );
}

const EMPTY: GateState = { pack: null, queued: 0, attention: [], syncing: false, syncProblem: null };

export interface GateEngineHandle {
  engine: GateEngine | null;
  state: GateState;
  online: boolean;
  /** The pack could not be downloaded (and none is on this phone). */
  packError: unknown;
  refreshing: boolean;
  refresh: () => void;
}

/**
 * The scanner's engine for one list: made once its store is open, its pack read from this phone and then
 * downloaded afresh, its queue sent whenever the browser comes back online and every SYNC_RETRY_MS while scans
 * wait (a request that failed says more than `navigator.onLine` does).
 */
export function useGateEngine(params: {
  org: string;
  eventUid: string;
  eventName: string;
  eventStartsAt: string;
  listId: number;
  listName: string;
  /** For tests: a store of their own. */
  store?: GateStore;
}): GateEngineHandle {
  const { org, eventUid, eventName, eventStartsAt, listId, listName, store: givenStore } = params;
  const [engine, setEngine] = useState<GateEngine | null>(null);
  const [packError, setPackError] = useState<unknown>(null);
  const [refreshing, setRefreshing] = useState(false);
  const online = useOnline();

  useEffect(() => {
    let cancelled = false;
    const controller = new AbortController();
    void (async () => {
      const store = givenStore ?? (await gateStore());
      const made = new GateEngine({
        store,
        api: {
          getPack: (signal) => getGatePack(org, eventUid, listId, signal),
          postScans: (body) => postScans(org, eventUid, listId, body),
        },
        pack: { key: packKeyOf(org, eventUid, listId), org, eventUid, eventName, eventStartsAt, listId, listName },
        deviceId: gateDeviceId(),
        isOnline: () => navigator.onLine,
        now: () => new Date(),
        newId: () => crypto.randomUUID(),
        isNetworkFailure,
      });
      await made.load();
      if (cancelled) return;
      setEngine(made);
      setRefreshing(true);
      try {
        await made.refreshPack(controller.signal);
        setPackError(null);
      } catch (error) {
        if (!cancelled) setPackError(error);
      } finally {
        if (!cancelled) setRefreshing(false);
      }
      if (!cancelled) void made.sync();
    })();
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [org, eventUid, eventName, eventStartsAt, listId, listName, givenStore]);

  const state = useSyncExternalStore(
    (onChange) => engine?.subscribe(onChange) ?? (() => {}),
    () => engine?.getState() ?? EMPTY,
  );

  // Back online: send what waits. While scans wait, try again now and then (onLine can be true on a dead Wi-Fi).
  useEffect(() => {
    if (!engine || !online) return;
    void engine.sync();
  }, [engine, online]);
  useEffect(() => {
    if (!engine || state.queued === 0) return;
    const timer = window.setInterval(() => void engine.sync(), SYNC_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [engine, state.queued]);

  const refresh = () => {
    if (!engine) return;
    setRefreshing(true);
    engine
      .refreshPack()
      .then(() => setPackError(null), setPackError)
      .finally(() => setRefreshing(false));
  };

  return { engine, state, online, packError, refreshing, refresh };
}
