import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** The one check-in list each demo event gets, so that the gate's scanner works in `npm start`. */
export const DEMO_CHECK_IN_LIST_NAME = 'All tickets';

/**
 * Gives each of these events that has packages a check-in list admitting every one of them (issue 22, the gate).
 * One statement; an event that has the list already keeps it as it is.
 */
export async function ensureDemoCheckInLists(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO check_in_lists (event_id, name, package_ids)
    SELECT p.event_id, ${DEMO_CHECK_IN_LIST_NAME}, array_agg(p.id ORDER BY p.id)
    FROM ticket_packages p
    WHERE p.event_id IN (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY p.event_id
    ON CONFLICT (event_id, name) DO NOTHING`);
}
