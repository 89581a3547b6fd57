import { eq, sql } from 'drizzle-orm';
import type { Db } from '@marquee/db/client';
import { orders, userOrders, users } from '@marquee/db/schema';

/** Records that an account placed an order (My bookings); a replayed request records nothing new. */
export async function linkOrderToAccount(db: Db, bookingId: string, userId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${userOrders} (order_id, user_id)
    SELECT ${orders.id}, ${userId} FROM ${orders} WHERE ${orders.orderId} = ${bookingId}
    ON CONFLICT (order_id) DO NOTHING`);
}

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}
