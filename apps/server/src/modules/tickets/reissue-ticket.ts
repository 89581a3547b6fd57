import type { Db, Tx } from '@marquee/db/client';
import * as repository from './repository';

/**
 * A ticket re-issued under a corrected name (decisions/039), in the caller's transaction: the tickets module's way
 * in for the orders desk, which never touches its repository. Null: the ticket was admitted, voided or re-issued
 * meanwhile (the caller says which).
 */
export function reissueTicket(
  tx: Tx,
  input: {
    ticketId: number;
    oldCode: string;
    holder: { firstName: string; lastName: string };
    replacedBy: string | null;
  },
) {
  return repository.replaceTicketCode(tx, input);
}

/**
 * Whether a scanned code is one a name correction replaced (and when): every gate that refuses it says why. The
 * staff-token check-in (check-in.ts) asks it; the console's gate may too.
 */
export function findReplacedCode(db: Db | Tx, code: string) {
  return repository.findCodeReplacement(db, code);
}
