import type { Db, Tx } from '@marquee/db/client';
import * as repository from './repository';

/**
 * Admits a ticket, once, whichever gate asks: the staff-token check-in (check-in.ts) and the console's gate
 * (modules/gate, inside its scoped transaction) both decide here. One conditional UPDATE of `used_at` (not used,
 * not voided, its booking paid), so of any number of scans at the same moment, in any process, exactly one gets
 * the row. Answers the time of this admission (the database's clock), or null when it did not admit.
 */
export function admitTicket(db: Db | Tx, ticketId: number, code?: string): Promise<Date | null> {
  // With the scanned code, a name correction replacing it at the same moment wins or loses whole (decisions/039).
  return repository.admitTicket(db, ticketId, code);
}
