import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { formatTicketCode, ticketSigningInput, type TicketClaims } from '@marquee/domain/tickets';
import type { CheckInList, GatePack, GateTicket, ScanResult } from '../api/gate-schemas';

/** A real Ed25519 key pair, as the server's ticket signer has (decisions/014). */
export async function makeSigningKeys(): Promise<{ secretKey: Uint8Array; publicKey: string }> {
  const secretKey = utils.randomSecretKey();
  const publicKey = await getPublicKeyAsync(secretKey);
  return { secretKey, publicKey: toBase64url(publicKey) };
}

export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The QR text the server prints for these claims: `MQ1.{claims}.{signature}`. */
export async function signTicket(claims: TicketClaims, secretKey: Uint8Array): Promise<string> {
  const input = ticketSigningInput(claims);
  const signature = await signAsync(new TextEncoder().encode(input), secretKey);
  return formatTicketCode(input, toBase64url(signature));
}

export const EVENT_UID = 'jazz2026';

export function claimsOf(code: string, overrides: Partial<TicketClaims> = {}): TicketClaims {
  return { c: code, o: 'MQ7K3P9X2A01', e: EVENT_UID, s: null, ...overrides };
}

/** Ticket codes as the server makes them: "T" and 15 Crockford base-32 characters. */
export const CODES = ['T0000000000000AA', 'T0000000000000BB', 'T0000000000000CC', 'T0000000000000DD'] as const;

export function makeGateTicket(overrides: Partial<GateTicket> = {}): GateTicket {
  return {
    code: CODES[0],
    booking_id: 'MQ7K3P9X2A01',
    holder_name: 'Dilani Fernando',
    package_name: 'General admission',
    seat: null,
    state: 'valid',
    used_at: null,
    used_list_name: null,
    ...overrides,
  };
}

export function makePack(publicKey: string, tickets: GateTicket[], overrides: Partial<GatePack> = {}): GatePack {
  return {
    list: { id: 5, name: 'Main gate', package_ids: [11] },
    public_key: publicKey,
    key_id: 'k1',
    generated_at: '2026-12-05T12:00:00.000Z',
    tickets,
    ...overrides,
  };
}

export function makeCheckInList(overrides: Partial<CheckInList> = {}): CheckInList {
  return {
    id: 5,
    name: 'Main gate',
    package_ids: [11],
    packages: [{ id: 11, name: 'General admission' }],
    checked_in: 120,
    total: 400,
    ...overrides,
  };
}

export function admitted(clientScanId: string, ticket: GateTicket): ScanResult {
  return {
    client_scan_id: clientScanId,
    result: 'admitted',
    reason: null,
    message: 'Admitted.',
    ticket: {
      code: ticket.code,
      booking_id: ticket.booking_id,
      holder_name: ticket.holder_name,
      package_name: ticket.package_name,
      seat: ticket.seat,
    },
    first_scanned_at: '2026-12-05T13:00:00.000Z',
    first_list_name: 'Main gate',
  };
}
