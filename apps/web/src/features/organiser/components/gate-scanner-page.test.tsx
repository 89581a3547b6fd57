import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GateTicket, ScanRequest } from '../api/gate-schemas';
import { asRole } from '../test/desk-fixtures';
import {
  CODES,
  EVENT_UID,
  admitted,
  claimsOf,
  makeCheckInList,
  makeGateTicket,
  makePack,
  makeSigningKeys,
  signTicket,
} from '../test/gate-fixtures';
import { playScanTone } from '../lib/gate-sound';
import { renderConsole } from '../test/render-console';

/** What the fake camera "sees" in the next photo. */
const seen = vi.hoisted(() => ({ text: '' }));
vi.mock('../lib/gate-decoder', () => ({
  loadQrDecoder: async () => ({ kind: 'wasm', detect: async () => (seen.text ? [seen.text] : []) }),
}));
vi.mock('../lib/gate-sound', () => ({ playScanTone: vi.fn() }));

const LISTS_PATH = `/api/organiser/acme/events/${EVENT_UID}/check-in-lists`;
const PAGE = `/organiser/acme/events/${EVENT_UID}/gate/5`;

let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('createImageBitmap', async () => ({ close: () => {} }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openScanner(tickets: GateTicket[]) {
  const keys = await makeSigningKeys();
  const scans: ScanRequest[][] = [];
  const world = renderConsole(PAGE, {
    api: {
      ...asRole('door'),
      [`GET ${LISTS_PATH}`]: () =>
        Response.json({
          lists: [makeCheckInList()],
          event: {
            uid: EVENT_UID,
            name: 'Colombo Jazz Night',
            starts_at: '2026-12-05T14:00:00.000Z',
            time_zone: 'Asia/Colombo',
          },
          totals: { checked_in: 0, total: tickets.length },
        }),
      [`GET ${LISTS_PATH}/5/tickets`]: () => Response.json(makePack(keys.publicKey, tickets)),
      [`POST ${LISTS_PATH}/5/scans`]: ({ body }) => {
        const { scans: batch } = body as { scans: ScanRequest[] };
        scans.push(batch);
        return Response.json({
          results: batch.map((scan) =>
            admitted(
              scan.client_scan_id,
              tickets.find((ticket) => ticket.code === (scan.ticket_code ?? CODES[0]))!,
            ),
          ),
        });
      },
    },
  });
  const photo = async (qr: string) => {
    seen.text = qr;
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await world.user.upload(input, new File(['photo'], 'ticket.jpg', { type: 'image/jpeg' }));
  };
  return { world, keys, scans, photo };
}

describe('the scanner page', () => {
  it('downloads the list, admits a scanned ticket online, and refuses a forged one without asking', async () => {
    const tickets = [
      makeGateTicket({ code: CODES[0], holder_name: 'Dilani Fernando', package_name: 'VIP', seat: 'Row A · Seat 3' }),
    ];
    const { keys, scans, photo } = await openScanner(tickets);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scanning · Main gate' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Downloaded 1 ticket at \d\d:\d\d/)).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();

    await photo(await signTicket(claimsOf(CODES[0]), keys.secretKey));
    const status = await screen.findByText('Admitted');
    const panel = status.closest('[data-result]') as HTMLElement;
    expect(panel).toHaveTextContent('Dilani Fernando');
    expect(panel).toHaveTextContent('VIP');
    expect(panel).toHaveTextContent('Row A · Seat 3');
    expect(scans).toHaveLength(1);

    const forger = await makeSigningKeys();
    await photo(await signTicket(claimsOf(CODES[0]), forger.secretKey));
    const refused = (await screen.findByText('Refused')).closest('[role="alert"]') as HTMLElement;
    expect(refused).toHaveTextContent('This ticket code is forged or damaged: its signature does not match.');
    expect(scans).toHaveLength(1);
  });

  it('offline: admits from the phone list, says how many scans wait, and sends them with offline: true when back', async () => {
    const tickets = [makeGateTicket({ code: CODES[0], holder_name: 'Dilani Fernando' })];
    const { keys, scans, photo } = await openScanner(tickets);
    expect(await screen.findByText(/Downloaded 1 ticket/, {}, { timeout: 5_000 })).toBeInTheDocument();

    setOnline(false);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    await photo(await signTicket(claimsOf(CODES[0]), keys.secretKey));
    expect(await screen.findByText('Admitted offline: the scan is sent when the network is back.')).toBeInTheDocument();
    expect(await screen.findByText('Offline · 1 scan waiting')).toBeInTheDocument();
    expect(scans).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(scans).toHaveLength(1));
    expect(scans[0]![0]).toMatchObject({ offline: true, qr: expect.stringMatching(/^MQ1\./) });
    expect(await screen.findByText('Online')).toBeInTheDocument();
  });

  it('look-up by name, then Admit sends the ticket code', async () => {
    const tickets = [makeGateTicket({ code: CODES[1], holder_name: 'Ravi Perera', package_name: 'General admission' })];
    const { world, scans } = await openScanner(tickets);
    expect(await screen.findByText(/Downloaded 1 ticket/, {}, { timeout: 5_000 })).toBeInTheDocument();
    world.routes[`GET ${LISTS_PATH}/5/lookup`] = () => Response.json({ tickets });
    await world.user.type(screen.getByRole('searchbox', { name: 'Name or Booking ID' }), 'ravi');
    await world.user.click(screen.getByRole('button', { name: 'Look up' }));
    const found = await screen.findByRole('list', { name: 'Tickets found' });
    expect(found).toHaveTextContent('Ravi Perera');
    expect(found).not.toHaveTextContent(tickets[0]!.booking_id);
    await world.user.click(within(found).getByRole('button', { name: 'Admit Ravi Perera, General admission' }));
    await waitFor(() => expect(scans).toHaveLength(1));
    expect(scans[0]![0]).toMatchObject({ ticket_code: CODES[1] });
    expect(await screen.findByText('Admitted')).toBeInTheDocument();
  });

  it('plays a tone per result, and none once muted', async () => {
    vi.mocked(playScanTone).mockClear();
    const tickets = [makeGateTicket({ code: CODES[0] })];
    const { world, keys, photo } = await openScanner(tickets);
    expect(await screen.findByText(/Downloaded 1 ticket/, {}, { timeout: 5_000 })).toBeInTheDocument();
    await photo(await signTicket(claimsOf(CODES[0]), keys.secretKey));
    await waitFor(() => expect(playScanTone).toHaveBeenCalledWith('admitted'));
    vi.mocked(playScanTone).mockClear();

    const mute = screen.getByRole('button', { name: 'Mute sounds' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await world.user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    const forger = await makeSigningKeys();
    await photo(await signTicket(claimsOf(CODES[0]), forger.secretKey));
    expect(await screen.findByText('Refused')).toBeInTheDocument();
    expect(playScanTone).not.toHaveBeenCalled();
  });

  it('a scan admitted offline that the server refuses on sync needs attention, until dismissed', async () => {
    const tickets = [makeGateTicket({ code: CODES[0], holder_name: 'Dilani Fernando' })];
    const { world, keys, scans, photo } = await openScanner(tickets);
    expect(await screen.findByText(/Downloaded 1 ticket/, {}, { timeout: 5_000 })).toBeInTheDocument();
    world.routes[`POST ${LISTS_PATH}/5/scans`] = ({ body }) => {
      const { scans: batch } = body as { scans: ScanRequest[] };
      scans.push(batch);
      return Response.json({
        results: batch.map((scan) => ({
          ...admitted(scan.client_scan_id, tickets[0]!),
          result: 'refused',
          reason: 'already_used',
          message: 'Already scanned at 6:58 PM at VIP gate.',
          first_list_name: 'VIP gate',
        })),
      });
    };
    setOnline(false);
    await photo(await signTicket(claimsOf(CODES[0]), keys.secretKey));
    expect(await screen.findByText('Offline · 1 scan waiting')).toBeInTheDocument();
    setOnline(true);
    const attention = await screen.findByRole('region', { name: 'Needs attention (1)' });
    expect(attention).toHaveTextContent('Dilani Fernando');
    expect(attention).toHaveTextContent('Already scanned at 6:58 PM at VIP gate.');
    expect(screen.getByText('Online')).toBeInTheDocument();
    await world.user.click(within(attention).getByRole('button', { name: 'Dismiss Dilani Fernando' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Needs attention/ })).toBeNull());
  });
});
