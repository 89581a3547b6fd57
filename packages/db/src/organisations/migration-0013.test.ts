import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationEngines, type MigrationEngine } from '../testing/migration-engines';

/**
 * Migration 0013 on a database with a catalogue: a database migrated to 0012 with venues and events, then
 * migrated on, has them owned by one approved organisation, 'marquee'; a database without venues gets no
 * organisation. On PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */

const engines = migrationEngines('m0013');

/** A catalogue as migration 0012 knew it: three venues (two in LK, one in SG), an event at each of two. */
const CATALOGUE_0012 = `
  INSERT INTO venues (name, city, country, time_zone) VALUES
    ('Old Hall', 'Colombo', 'LK', 'Asia/Colombo'),
    ('Old Lawn', 'Galle', 'LK', 'Asia/Colombo'),
    ('Old Theatre', 'Singapore', 'SG', 'Asia/Singapore');
  INSERT INTO events (uid, name, type, start_date, thumbnail_img, banner_img, venue_id, currency, status)
  SELECT 'old' || v.id || 'evnt', 'Old Event at ' || v.name, 'concerts', now() + interval '7 days',
    '/t.svg', '/b.svg', v.id, CASE v.country WHEN 'SG' THEN 'SGD' ELSE 'LKR' END, 'closed'
  FROM venues v WHERE v.name <> 'Old Lawn';
`;

describe.each(engines)('migration 0013 (%s)', (_name, makeEngine) => {
  describe('over a catalogue that predates organisations', () => {
    let engine: MigrationEngine;
    beforeAll(async () => {
      engine = await makeEngine();
      await engine.migrateTo('0012_promo_limits_at_payment');
      for (const statement of CATALOGUE_0012.split(';').filter((text) => text.trim() !== '')) {
        await engine.query(statement);
      }
      await engine.migrateAll();
    });
    afterAll(async () => {
      await engine.close();
    });

    it("gives every venue and event to one approved organisation 'marquee'", async () => {
      const organisations = await engine.query(
        `SELECT id, slug, name, country, status, contact_email, approved_at IS NOT NULL AS approved FROM organisations`,
      );
      expect(organisations).toEqual([
        {
          id: expect.any(Number),
          slug: 'marquee',
          name: 'Marquee',
          // The country most of its venues are in.
          country: 'LK',
          status: 'approved',
          contact_email: null,
          approved: true,
        },
      ]);
      const id = organisations[0]?.id;
      const venues = await engine.query(`SELECT name, organisation_id FROM venues ORDER BY id`);
      expect(venues).toEqual([
        { name: 'Old Hall', organisation_id: id },
        { name: 'Old Lawn', organisation_id: id },
        { name: 'Old Theatre', organisation_id: id },
      ]);
      const events = await engine.query(`SELECT name, organisation_id, status FROM events ORDER BY id`);
      // Stored statuses are left as they were (step 1a rewrites nothing; 0014 moves only 'soldout').
      expect(events).toEqual([
        { name: 'Old Event at Old Hall', organisation_id: id, status: 'closed' },
        { name: 'Old Event at Old Theatre', organisation_id: id, status: 'closed' },
      ]);
    });

    it('then holds organisation_id NOT NULL and an event to a venue of its own organisation', async () => {
      const notNull = await engine.query(`
        SELECT c.relname AS "table", a.attnotnull AS "notNull" FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE a.attname = 'organisation_id' AND c.relname IN ('venues', 'events') ORDER BY c.relname`);
      expect(notNull).toEqual([
        { table: 'events', notNull: true },
        { table: 'venues', notNull: true },
      ]);
      await engine.query(
        `INSERT INTO organisations (slug, name, country, status) VALUES ('other-organiser', 'Other', 'LK', 'approved')`,
      );
      await expect(
        engine.query(`
          INSERT INTO events (organisation_id, uid, name, type, start_date, thumbnail_img, banner_img, venue_id, currency, status)
          SELECT o.id, 'foreign1', 'Foreign', 'concerts', now(), '/t.svg', '/b.svg', v.id, 'LKR', 'ongoing'
          FROM organisations o, venues v WHERE o.slug = 'other-organiser' AND v.name = 'Old Hall'`),
      ).rejects.toThrow(/events_organisation_venue_fk/);
      // A venue of the same name and city is another organisation's to have.
      await engine.query(`
        INSERT INTO venues (organisation_id, name, city, country, time_zone)
        SELECT id, 'Old Hall', 'Colombo', 'LK', 'Asia/Colombo' FROM organisations WHERE slug = 'other-organiser'`);
      await expect(
        engine.query(`
          INSERT INTO venues (organisation_id, name, city, country, time_zone)
          SELECT id, 'Old Hall', 'Colombo', 'LK', 'Asia/Colombo' FROM organisations WHERE slug = 'marquee'`),
      ).rejects.toThrow(/venues_organisation_name_city_key/);
    });
  });

  describe('over an empty database', () => {
    let engine: MigrationEngine;
    beforeAll(async () => {
      engine = await makeEngine();
      await engine.migrateTo('0012_promo_limits_at_payment');
      await engine.migrateAll();
    });
    afterAll(async () => {
      await engine.close();
    });

    it('makes no organisation', async () => {
      expect(await engine.query(`SELECT slug FROM organisations`)).toEqual([]);
    });
  });
});
