import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { checkInListsQueryOptions, lookupTickets } from '../api/gate-api';
import type { GateTicket } from '../api/gate-schemas';
import { useGateEngine } from '../hooks/use-gate-engine';
import type { GateEngine, ScanInput, ScanOutcome } from '../lib/gate-engine';
import { playScanTone } from '../lib/gate-sound';
import type { GateStore } from '../lib/gate-store';
import { organiserPaths } from '../lib/organiser-paths';
import { problemMessage } from '../lib/problem-message';
import { ConsolePageHeader } from './console-page-header';
import { GateListsPending } from './gate-lists-pending';
import { GateAttention } from './gate-attention';
import { GateCamera } from './gate-camera';
import { GateLookup } from './gate-lookup';
import { GateResultPanel } from './gate-result-panel';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

interface GateScannerPageProps {
  org: string;
  eventUid: string;
  listId: number;
  /** For tests: the phone's storage. */
  store?: GateStore;
}

function ConnectionLine({ online, queued, syncing }: { online: boolean; queued: number; syncing: boolean }) {
  const waiting = queued === 0 ? '' : ` · ${queued} ${queued === 1 ? 'scan' : 'scans'} waiting`;
  const text = online ? (syncing ? `Online · sending${waiting}` : `Online${waiting}`) : `Offline${waiting}`;
  return (
    <p
      role="status"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${
        online ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-950'
      }`}
    >
      <span aria-hidden="true" className={`size-2.5 rounded-full ${online ? 'bg-emerald-700' : 'bg-amber-700'}`} />
      {text}
    </p>
  );
}

/**
 * One list's scanner (issue 22), made for a phone held at the door: the result on top, as large as the screen
 * allows, then the camera, the manual look-up and the scans that need a second look. The list's tickets are
 * downloaded at once and kept on the phone, so the door goes on admitting when the network drops.
 */
function Scanner({
  org,
  eventUid,
  eventName,
  eventStartsAt,
  listId,
  listName,
  store,
}: {
  org: string;
  eventUid: string;
  eventName: string;
  eventStartsAt: string;
  listId: number;
  listName: string;
  store: GateStore | undefined;
}) {
  const gate = useGateEngine({
    org,
    eventUid,
    eventName,
    eventStartsAt,
    listId,
    listName,
    ...(store ? { store } : {}),
  });
  const { engine, state, online } = gate;
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);

  const decide = useCallback(async (current: GateEngine, input: ScanInput) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const result = await current.scan(input);
      setOutcome(result);
      if (!mutedRef.current) playScanTone(result.tone);
    } catch (error) {
      setProblem(`The scan could not be checked: ${problemMessage(error)}`);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const onCode = useCallback(
    (text: string, deliberate: boolean) => {
      // The camera reads a code held up on every frame: one scan per SAME_CODE_PAUSE_MS. A photo is taken on purpose.
      if (!engine || (engine.isRepeat(text) && !deliberate)) return;
      void decide(engine, { qr: text });
    },
    [engine, decide],
  );

  const search = (query: string) => {
    if (!engine) return Promise.resolve({ tickets: [], offline: !online });
    return engine.search(query, async (q) => (await lookupTickets(org, eventUid, listId, q)).tickets);
  };
  const onAdmit = (ticket: GateTicket) => {
    if (engine) void decide(engine, { ticket_code: ticket.code });
  };

  const pack = state.pack;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <ConnectionLine online={online} queued={state.queued} syncing={state.syncing} />
        {/* One name, its state in aria-pressed (a toggle whose name changed too would say the opposite). */}
        <Button
          variant={muted ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={muted}
          onClick={() => setMuted((value) => !value)}
        >
          Mute sounds
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800" role="status">
        {pack ? (
          <span>
            Downloaded {pack.ticketCount} {pack.ticketCount === 1 ? 'ticket' : 'tickets'} at{' '}
            {clock.format(new Date(pack.downloadedAt))}
          </span>
        ) : gate.refreshing ? (
          <span>Downloading the list's tickets…</span>
        ) : (
          <span>The list's tickets are not on this phone yet.</span>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={gate.refresh}
          aria-disabled={gate.refreshing || !engine || undefined}
        >
          {gate.refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {gate.packError && !pack ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          The list's tickets could not be downloaded: {problemMessage(gate.packError)} Scans are checked online only
          until they are.
        </p>
      ) : null}
      {state.syncProblem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          The waiting scans could not be sent: {state.syncProblem}
        </p>
      ) : null}
      <div aria-busy={busy}>
        <GateResultPanel outcome={outcome} />
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <GateCamera onCode={onCode} paused={!engine || busy} />
      <GateAttention items={state.attention} onDismiss={(id) => void engine?.dismissAttention(id)} />
      <GateLookup search={search} onAdmit={onAdmit} />
    </div>
  );
}

/** /organiser/{org}/events/{eventUid}/gate/{listId}: the list's names from the server, then the scanner. */
export function GateScannerPage({ org, eventUid, listId, store }: GateScannerPageProps) {
  const lists = useQuery(checkInListsQueryOptions(org, eventUid));
  const back = (
    <Link
      to={organiserPaths.gate(org, eventUid)}
      className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
    >
      ← Choose another list
    </Link>
  );
  if (lists.isPending || lists.isError) {
    return (
      <GateListsPending
        org={org}
        lists={lists}
        title="Scanner"
        back={back}
        loadingLabel="Opening the scanner…"
        loadingRows={1}
        errorTitle="The scanner could not be opened"
      />
    );
  }
  const list = lists.data.lists.find((each) => each.id === listId);
  if (!list) {
    return (
      <>
        <ConsolePageHeader title="Scanner" back={back} />
        <EmptyState title="No such check-in list">
          <p>This list was deleted, or belongs to another event. Choose the list of your gate.</p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <ConsolePageHeader title={`Scanning · ${list.name}`} back={back} description={<p>{lists.data.event.name}</p>} />
      <Scanner
        org={org}
        eventUid={eventUid}
        eventName={lists.data.event.name}
        eventStartsAt={lists.data.event.starts_at}
        listId={list.id}
        listName={list.name}
        store={store}
      />
    </>
  );
}
