import { randomInt } from 'node:crypto';
import type { Db } from '@marquee/db/client';
import { orderLines, orders, outbox, tickets } from '@marquee/db/schema';
import type { OrderStatus } from '@marquee/domain/orders';

/**
 * Test support for the orders desk (its tests and the console's attack fixture): an order written straight
 * into the tables, as a sale leaves it, without a sale's machinery (the console fixture's events are drafts).
 * A paid order has its tickets and a sent confirmation in the outbox. Never imported by shipping code.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export interface DeskTestOrderOptions {
  eventId: number;
  packageId: number;
  status?: OrderStatus;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  quantity?: number;
  seats?: string[];
  createdAt?: Date;
}

export interface DeskTestOrder {
  id: number;
  bookingId: string;
  ticketCodes: string[];
}

export async function insertDeskTestOrder(db: Db, options: DeskTestOrderOptions): Promise<DeskTestOrder> {
  const status = options.status ?? 'complete';
  const isPaid = status === 'complete' || status === 'verified';
  const seats = options.seats ?? [];
  const quantity = options.quantity ?? Math.max(1, seats.length);
  const bookingId = `MQ${randomCode(10)}`;
  const createdAt = options.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      orderId: bookingId,
      eventId: options.eventId,
      status,
      firstName: options.firstName ?? 'Nimal',
      lastName: options.lastName ?? 'Perera',
      email: options.email ?? 'nimal@example.com',
      phone: options.phone ?? '0771234567',
      nic: '199012345678',
      currency: 'LKR',
      subtotal: 150_000 * quantity,
      convenienceFee: 0,
      discount: 0,
      total: 150_000 * quantity,
      paymentGatewayId: 1,
      paymentIntentId: `pi_test_${bookingId}`,
      accessToken: `token-${bookingId}`,
      requestHash: 'desk-test',
      holdExpiresAt: new Date(createdAt.getTime() + 600_000),
      paidAt: isPaid ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('desk test order: not inserted');
  await db.insert(orderLines).values({
    orderId: order.id,
    packageId: options.packageId,
    packageName: 'General',
    unitPrice: 150_000,
    quantity,
    seats,
  });
  const ticketCodes: string[] = [];
  if (isPaid) {
    const rows = Array.from({ length: quantity }, (_, index) => ({
      orderId: order.id,
      eventId: options.eventId,
      packageId: options.packageId,
      admissionNo: index + 1,
      seatId: seats[index] ?? null,
      code: `T${randomCode(15)}`,
    }));
    await db.insert(tickets).values(rows);
    ticketCodes.push(...rows.map((row) => row.code));
    await db
      .insert(outbox)
      .values({ kind: 'order_confirmation', orderId: order.id, status: 'sent', sentAt: createdAt });
  }
  return { id: order.id, bookingId, ticketCodes };
}
