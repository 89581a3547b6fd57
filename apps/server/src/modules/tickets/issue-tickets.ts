import type { Tx } from '@marquee/db/client';
import * as repository from './repository';

/**
 * The tickets of a paid order, issued in the caller's transaction (the order's completion): the tickets
 * module's way in for other modules, which never touch its repository. Issuing twice changes nothing.
 */
export function issueTickets(tx: Tx, order: { id: number; eventId: number }, lines: readonly repository.TicketLine[]) {
  return repository.insertTickets(tx, order, lines);
}
