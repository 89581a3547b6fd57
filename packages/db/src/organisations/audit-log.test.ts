import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, organisations } from '../schema';
import { createOrganisation } from '../testing/factories';
import { createTestDb, type TestDb } from '../testing/test-db';

/**
 * audit_log is append-only in the database (migration 0013, marquee_audit_log_append_only): UPDATE, DELETE
 * and TRUNCATE are refused with SQLSTATE MQ403 for every role, the tables' owner included, on PGlite and
 * (with DATABASE_URL) on PostgreSQL. The row stays as it was written.
 */

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

/** The SQLSTATE of a database error, through Drizzle's wrapping (DrizzleQueryError keeps it in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string') return current.code;
  }
  return undefined;
}

async function refusal(run: () => Promise<unknown>): Promise<{ code: string | undefined; message: string }> {
  try {
    await run();
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause)
      messages.push(current.message);
    return { code: sqlState(error), message: messages.join(' / ') };
  }
  throw new Error('the statement was not refused');
}

describe('audit_log', () => {
  it('takes new rows, numbered in order, with the time of their transaction by the database clock', async () => {
    const organisation = await createOrganisation(t.db);
    const rows = await t.db
      .insert(auditLog)
      .values([
        {
          organisationId: organisation.id,
          actorKind: 'system',
          action: 'organisation.approve',
          entityType: 'organisation',
        },
        {
          organisationId: organisation.id,
          eventId: 42,
          eventUid: 'abcd1234',
          actorKind: 'member',
          actorUserId: 'user-1',
          actorEmail: 'owner@example.com',
          actorRole: 'owner',
          action: 'event.update',
          entityType: 'event',
          entityId: '42',
          before: { name: 'Old' },
          after: { name: 'New' },
        },
      ])
      .returning();
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(second?.id).toBeGreaterThan(first?.id ?? Infinity);
    expect(second).toMatchObject({ before: { name: 'Old' }, after: { name: 'New' }, eventId: 42 });
    const [clock] = await t.db
      .select({ ms: sql<number>`(extract(epoch FROM clock_timestamp()) * 1000)::float8` })
      .from(sql`(SELECT 1) AS one`);
    expect(first?.occurredAt).toBeInstanceOf(Date);
    expect(first?.occurredAt.getTime()).toBeLessThanOrEqual(Math.ceil(clock?.ms ?? 0));
    expect(first?.occurredAt.getTime()).toBe(second?.occurredAt.getTime());
  });

  it('refuses UPDATE, DELETE and TRUNCATE with SQLSTATE MQ403, and the row stays', async () => {
    const organisation = await createOrganisation(t.db);
    const [row] = await t.db
      .insert(auditLog)
      .values({
        organisationId: organisation.id,
        actorKind: 'operator',
        action: 'organisation.approve',
        entityType: 'organisation',
        entityId: String(organisation.id),
        after: { status: 'approved' },
      })
      .returning();
    if (!row) throw new Error('no audit row');

    const update = await refusal(() =>
      t.db.update(auditLog).set({ action: 'organisation.reject' }).where(eq(auditLog.id, row.id)),
    );
    expect(update).toMatchObject({ code: 'MQ403' });
    expect(update.message).toMatch(/audit_log is append-only/);

    expect(await refusal(() => t.db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatchObject({ code: 'MQ403' });
    expect(await refusal(() => t.db.execute(sql`DELETE FROM audit_log`))).toMatchObject({ code: 'MQ403' });
    expect(await refusal(() => t.db.execute(sql`TRUNCATE audit_log`))).toMatchObject({ code: 'MQ403' });
    expect(await refusal(() => t.db.execute(sql`TRUNCATE audit_log CASCADE`))).toMatchObject({ code: 'MQ403' });

    const [after] = await t.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(after).toEqual(row);
  });

  it('keeps its organisation: an organisation with audit rows cannot be deleted (no cascade into the log)', async () => {
    const organisation = await createOrganisation(t.db);
    await t.db
      .insert(auditLog)
      .values({
        organisationId: organisation.id,
        actorKind: 'system',
        action: 'organisation.create',
        entityType: 'organisation',
      });
    const refused = await refusal(() => t.db.delete(organisations).where(eq(organisations.id, organisation.id)));
    expect(refused.code).toBe('23503');
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisation.id));
    expect(count?.n).toBe(1);
  });

  it('has no foreign key that cascades or sets null, into it or out of it', async () => {
    const result = await t.db.execute(sql`
      SELECT conname, confdeltype, confupdtype FROM pg_constraint
      WHERE contype = 'f' AND (conrelid = 'audit_log'::regclass OR confrelid = 'audit_log'::regclass)`);
    const { rows } = z
      .object({ rows: z.array(z.object({ conname: z.string(), confdeltype: z.string(), confupdtype: z.string() })) })
      .parse(result);
    expect(rows.length).toBeGreaterThan(0);
    // a: no action, r: restrict.
    for (const fk of rows) {
      expect(['a', 'r'], fk.conname).toContain(fk.confdeltype);
      expect(['a', 'r'], fk.conname).toContain(fk.confupdtype);
    }
  });
});
