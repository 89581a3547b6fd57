import { sql } from 'drizzle-orm';
import type { TestApp } from './build-test-app';

/** Moves an order's hold (and its seat claims) into the past, as if its ten minutes had gone by. */
export async function expireHold(db: TestApp['db'], orderId: string): Promise<void> {
  await db.execute(sql`
    WITH o AS (UPDATE orders SET hold_expires_at = now() - interval '1 second' WHERE order_id = ${orderId} RETURNING id)
    , h AS (UPDATE holds SET expires_at = now() - interval '1 second' WHERE order_id IN (SELECT id FROM o) RETURNING 1)
    UPDATE seat_claims SET expires_at = now() - interval '1 second' WHERE order_id IN (SELECT id FROM o)`);
}
