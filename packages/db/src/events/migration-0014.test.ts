import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LIFECYCLE } from '@marquee/domain/authoring';
import { migrationEngines, type MigrationEngine } from '../testing/migration-engines';

/**
 * Migration 0014 (the event lifecycle): a database of 0013 with events stored under the spec's statuses,
 * migrated on, has its sold-out events on sale (sold out is computed now) and every other status as it was;
 * from then on the database refuses a status outside the lifecycle. On PGlite, and on PostgreSQL too when
 * DATABASE_URL is set.
 */

const engines = migrationEngines('m0014');

/** Events as 0013 stored them: one per spec status, 'soldout' twice. */
const CATALOGUE_0013 = `
  INSERT INTO organisations (slug, name, country, status) VALUES ('old-organiser', 'Old Organiser', 'LK', 'approved');
  INSERT INTO venues (organisation_id, name, city, country, time_zone)
  SELECT id, 'Old Hall', 'Colombo', 'LK', 'Asia/Colombo' FROM organisations;
  INSERT INTO events (organisation_id, uid, name, type, start_date, thumbnail_img, banner_img, venue_id, currency, status)
  SELECT v.organisation_id, 'old' || s.n || 'evnt', 'Old ' || s.status || ' ' || s.n, 'concerts',
    now() + interval '7 days', '/t.svg', '/b.svg', v.id, 'LKR', s.status
  FROM venues v, (VALUES (1, 'ongoing'), (2, 'presale'), (3, 'pending'), (4, 'soldout'), (5, 'postponed'),
    (6, 'closed'), (7, 'soldout')) AS s(n, status);
`;

function insertEventWithStatus(engine: MigrationEngine, uid: string, status: string): Promise<unknown> {
  return engine.query(`
    INSERT INTO events (organisation_id, uid, name, type, start_date, thumbnail_img, banner_img, venue_id, currency, status)
    SELECT organisation_id, '${uid}', 'New ${status}', 'concerts', now() + interval '7 days', '/t.svg', '/b.svg', id,
      'LKR', '${status}'
    FROM venues LIMIT 1`);
}

describe.each(engines)('migration 0014 (%s)', (_name, makeEngine) => {
  describe('over events stored with the spec statuses', () => {
    let engine: MigrationEngine;
    beforeAll(async () => {
      engine = await makeEngine();
      await engine.migrateTo('0013_organisations');
      for (const statement of CATALOGUE_0013.split(';').filter((text) => text.trim() !== '')) {
        await engine.query(statement);
      }
      await engine.migrateAll();
    });
    afterAll(async () => {
      await engine.close();
    });

    it("stores sold-out events as on sale ('ongoing') and leaves every other status as it was", async () => {
      expect(await engine.query(`SELECT uid, status FROM events ORDER BY uid`)).toEqual([
        { uid: 'old1evnt', status: 'ongoing' },
        { uid: 'old2evnt', status: 'presale' },
        { uid: 'old3evnt', status: 'pending' },
        { uid: 'old4evnt', status: 'ongoing' },
        { uid: 'old5evnt', status: 'postponed' },
        { uid: 'old6evnt', status: 'closed' },
        { uid: 'old7evnt', status: 'ongoing' },
      ]);
    });

    it('then refuses a status outside the lifecycle, soldout included, on insert and on update', async () => {
      await expect(insertEventWithStatus(engine, 'new1evnt', 'soldout')).rejects.toThrow(/events_status_lifecycle/);
      await expect(insertEventWithStatus(engine, 'new2evnt', 'published')).rejects.toThrow(/events_status_lifecycle/);
      await expect(engine.query(`UPDATE events SET status = 'soldout' WHERE uid = 'old1evnt'`)).rejects.toThrow(
        /events_status_lifecycle/,
      );
      expect(await engine.query(`SELECT count(*)::int AS n FROM events WHERE uid LIKE 'new%'`)).toEqual([{ n: 0 }]);
      expect(await engine.query(`SELECT status FROM events WHERE uid = 'old1evnt'`)).toEqual([{ status: 'ongoing' }]);
    });

    it('accepts every status of the lifecycle (draft and cancelled are new)', async () => {
      for (const [index, status] of EVENT_LIFECYCLE.entries()) {
        await insertEventWithStatus(engine, `life${index}evt`, status);
      }
      const stored = await engine.query(`SELECT status FROM events WHERE uid LIKE 'life%' ORDER BY uid`);
      expect(stored.map((row) => row.status)).toEqual([...EVENT_LIFECYCLE]);
    });
  });

  describe('over an empty database', () => {
    let engine: MigrationEngine;
    beforeAll(async () => {
      engine = await makeEngine();
      await engine.migrateTo('0013_organisations');
      await engine.migrateAll();
    });
    afterAll(async () => {
      await engine.close();
    });

    it('adds the CHECK and moves nothing', async () => {
      const constraints = await engine.query(
        `SELECT conname FROM pg_constraint WHERE conrelid = 'events'::regclass AND conname = 'events_status_lifecycle'`,
      );
      expect(constraints).toEqual([{ conname: 'events_status_lifecycle' }]);
      expect(await engine.query(`SELECT count(*)::int AS n FROM events`)).toEqual([{ n: 0 }]);
    });
  });
});
