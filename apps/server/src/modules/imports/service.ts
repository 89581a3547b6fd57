import type { Db } from '@marquee/db/client';
import { isViolationOf, UNIQUE_VIOLATION } from '@marquee/db/errors';
import { applyEventImport, EventImportError, loadEventImport, type ImportIssue } from '@marquee/db/import-events';
import { ensurePaymentGateways } from '@marquee/db/payment-gateways';
import { appendAudit, withOrganiserScope } from '@marquee/db/tenancy';
import type { ConsoleImportAnswer } from '@marquee/domain/console';
import { AppError } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor } from '../../plugins/organiser-access';

export type ImportsService = ReturnType<typeof createImportsService>;

/** A dry run's way out of its transaction, with what it would have written. */
class DryRun extends Error {
  readonly answer: ConsoleImportAnswer;

  constructor(answer: ConsoleImportAnswer) {
    super('dry run');
    this.answer = answer;
  }
}

/** The importer's problems as a 422 on `file.{path}` (`file.events[2].ticket_packages[0].price`). */
function refusal(issues: readonly ImportIssue[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of issues.slice(0, 200)) {
    const key = issue.path ? `file.${issue.path}` : 'file';
    (errors[key] ??= []).push(issue.message);
  }
  const count = issues.length;
  return new AppError(
    'validation_failed',
    `The file has ${count} ${count === 1 ? 'problem' : 'problems'}; nothing was imported.`,
    errors,
  );
}

/**
 * The JSON importer as an action of the console (issue 21): the same file format, the same checks and the
 * same writer as `npm run events:import`, run in the organisation's scope. Every event arrives as a draft: it
 * goes on sale through the publishing checklist like one made in the console. A dry run does everything, the
 * database's own checks included, and rolls back.
 */
export function createImportsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async run(actor: OrganiserActor, input: { dryRun: boolean; file: unknown }): Promise<ConsoleImportAnswer> {
      const loaded = loadEventImport(input.file);
      if (!loaded.ok) throw refusal(loaded.issues);
      // Payment gateways are Marquee's, not the organisation's: ensured outside its scope.
      await ensurePaymentGateways(db);
      try {
        return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
          const { result } = await applyEventImport(tx, loaded.file, {
            organisationId: actor.organisationId,
            statuses: 'draft',
          });
          const answer: ConsoleImportAnswer = {
            dry_run: input.dryRun,
            events: result.events.map((event) => ({ uid: event.uid, name: event.name })),
            venues_created: result.venuesCreated,
            ticket_packages: result.ticketPackages,
            promo_codes: result.promoCodes,
          };
          if (input.dryRun) throw new DryRun(answer);
          await appendAudit(tx, {
            action: 'import.apply',
            entityType: 'organisation',
            entityId: actor.organisationId,
            after: {
              events: answer.events.map((event) => event.uid).slice(0, 100),
              venues_created: answer.venues_created.length,
              ticket_packages: answer.ticket_packages,
              promo_codes: answer.promo_codes,
            },
          });
          return answer;
        });
      } catch (error) {
        if (error instanceof DryRun) return error.answer;
        if (error instanceof EventImportError) throw refusal(error.issues);
        // Uids are unique across organisations, and another's are not visible in this scope (decisions/034).
        if (isViolationOf(error, UNIQUE_VIOLATION, 'events_uid_key')) {
          throw refusal([
            {
              path: 'events',
              message:
                'an event of this file has the address (uid) of an event that exists on Marquee: give it a uid of its own',
            },
          ]);
        }
        throw error;
      }
    },
  };
}
