import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInLists, ticketPackages } from '../schema';
import { createTestDb, type TestDb } from '../testing/test-db';
import { DEMO_CHECK_IN_LIST_NAME } from './demo-check-in-lists';
import { seedDemo } from './seed-demo';

/** The demo's gate (issue 22): each demo event with packages has one list admitting every package. */
let handle: TestDb;

beforeAll(async () => {
  handle = await createTestDb();
  await seedDemo(handle.db, new Date('2026-11-22T06:00:00Z'));
}, 300_000);
afterAll(async () => {
  await handle?.close();
});

describe('the demo check-in lists', () => {
  it('give each demo event with packages an "All tickets" list of every package, once however often seeded', async () => {
    const packagesByEvent = new Map<number, number[]>();
    for (const row of await handle.db.select().from(ticketPackages).orderBy(ticketPackages.id)) {
      packagesByEvent.set(row.eventId, [...(packagesByEvent.get(row.eventId) ?? []), row.id]);
    }
    expect(packagesByEvent.size).toBeGreaterThan(0);
    await seedDemo(handle.db, new Date('2026-11-22T06:00:00Z'));
    const lists = await handle.db.select().from(checkInLists);
    expect(lists).toHaveLength(packagesByEvent.size);
    for (const list of lists) {
      expect(list.name).toBe(DEMO_CHECK_IN_LIST_NAME);
      expect(list.packageIds).toEqual(packagesByEvent.get(list.eventId));
    }
  });
});
