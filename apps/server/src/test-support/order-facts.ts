import { eq, sql } from 'drizzle-orm';
import { orders, ticketPackages, tickets } from '@marquee/db/schema';
import type { TestApp } from './build-test-app';

/** A package's counters as the database keeps them: tickets sold, tickets held. */
export async function packageCounts(db: TestApp['db'], packageId: number) {
  const [row] = await db
    .select({ sold: ticketPackages.soldCount, held: ticketPackages.heldCount })
    .from(ticketPackages)
    .where(eq(ticketPackages.id, packageId));
  return row;
}

/** How many tickets the order with this Booking ID has been issued. */
export async function ticketCount(db: TestApp['db'], orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(orders.orderId, orderId));
  return row?.n ?? -1;
}
