import type { Db } from '@marquee/db/client';
import { checkInLists } from '@marquee/db/schema';
import type { TicketClaims } from '@marquee/domain/tickets';
import { makeTicketKeys } from '../modules/tickets/ticket-keys';
import type { TicketSigner } from '../modules/tickets/ticket-signing';

/**
 * Test support for the gate (its tests and the console's attack fixture): check-in lists written straight into
 * the table, and QR texts signed with the database's own ticket key (the one the app signs with, from
 * app_secrets), so that a test scans what a buyer's PDF would carry.
 */
const signers = new WeakMap<Db, Promise<TicketSigner>>();

function signerOf(db: Db): Promise<TicketSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = makeTicketKeys({ db, settings: undefined }).signer();
    signers.set(db, signer);
  }
  return signer;
}

/** The QR text of a ticket (`MQ1.{claims}.{signature}`), signed with the app's key. */
export async function signedQrOf(db: Db, claims: TicketClaims): Promise<string> {
  return (await signerOf(db)).sign(claims);
}

let lists = 0;

/** A check-in list of the event: its id. */
export async function insertCheckInList(
  db: Db,
  options: { eventId: number; packageIds: number[]; name?: string },
): Promise<number> {
  lists += 1;
  const [row] = await db
    .insert(checkInLists)
    .values({ eventId: options.eventId, name: options.name ?? `Gate ${lists}`, packageIds: options.packageIds })
    .returning({ id: checkInLists.id });
  if (!row) throw new Error('check-in list: not inserted');
  return row.id;
}
