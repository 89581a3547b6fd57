import type { EventImportFile } from '@marquee/domain/import';
import type { Db } from '../client';
import { ensurePaymentGateways } from '../seed/payment-gateways';
import { loadEventImport } from './load';
import { EventImportError, planEventImport, type EventImportPlan, type PlanOptions } from './plan';
import { readExistingCatalogue, writeEventImport, type ImportEventsResult } from './write';

/**
 * The one writer of the catalogue: `npm run events:import` and the demo seed both go through it.
 *   load  (load.ts)  the document parsed with EventImportFileSchema, problems as issues with their paths;
 *   plan  (plan.ts)  pure: the loaded file + what exists → the rows to write, or every problem;
 *   write (write.ts) what exists is read, then the plan is written in one transaction.
 */

export type { ImportIssue } from '@marquee/domain/import';
export { loadEventImport, readEventImportFile, type LoadedEventImport } from './load';
export {
  EventImportError,
  eventUidOf,
  planEventImport,
  type EventImportPlan,
  type ExistingCatalogue,
  type ExistingVenue,
  type NewVenue,
  type PlannedEvent,
  type PlannedVenueRef,
  type PlanOptions,
} from './plan';
export { readExistingCatalogue, writeEventImport, type ImportEventsResult } from './write';

export interface ImportEventsOptions extends PlanOptions {
  /** Validate against the database and roll back instead of committing. */
  dryRun?: boolean;
}

class DryRunRollback extends Error {
  readonly result: ImportEventsResult;

  constructor(result: ImportEventsResult) {
    super('dry run');
    this.result = result;
  }
}

/**
 * Plans and writes a loaded file inside the caller's transaction, under `options.organisationId`: the
 * payment gateways events refer to are ensured, what exists is read (the organisation's venues), the plan
 * made (EventImportError when it has issues) and written.
 */
export async function applyEventImport(
  tx: Db,
  file: EventImportFile,
  options: PlanOptions,
): Promise<{ plan: EventImportPlan; result: ImportEventsResult }> {
  await ensurePaymentGateways(tx);
  const existing = await readExistingCatalogue(tx, file, options.organisationId);
  const plan = planEventImport(file, existing, options);
  const result = await writeEventImport(tx, plan);
  return { plan, result };
}

/**
 * Imports a file of events (EventImportFileSchema) all-or-nothing: every problem, in the file or against the
 * database (unknown venues, seats, gateways, uids already taken), is collected first and reported together
 * with its path (`events[2].ticket_packages[0].sections[1]: …`); then venues, events, packages and promo
 * codes are written in one transaction.
 */
export async function importEvents(db: Db, input: unknown, options: ImportEventsOptions): Promise<ImportEventsResult> {
  const loaded = loadEventImport(input);
  if (!loaded.ok) throw new EventImportError(loaded.issues);
  return importEventFile(db, loaded.file, options);
}

/** importEvents for a file already loaded (loadEventImport, readEventImportFile). */
export async function importEventFile(
  db: Db,
  file: EventImportFile,
  options: ImportEventsOptions,
): Promise<ImportEventsResult> {
  const { dryRun, ...planOptions } = options;
  try {
    return await db.transaction(async (tx) => {
      const { result } = await applyEventImport(tx, file, planOptions);
      if (dryRun) throw new DryRunRollback({ ...result, dryRun: true });
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}
