import type { Db } from '@marquee/db/client';
import type { CompRequest, HolderName } from '@marquee/domain/comps';
import type { OrganiserActor } from '../../plugins/organiser-access';
import { correctHolder } from './correct-holder';
import { issueComp } from './issue-comp';

export type DeskTicketsService = ReturnType<typeof createDeskTicketsService>;

/**
 * The orders desk's ticket actions (issue 22; docs/decisions/039), one use case a file: correcting the name on a
 * ticket (correct-holder.ts: re-issued, the old code refused at the gate) and comp tickets (issue-comp.ts).
 */
export function createDeskTicketsService(deps: { db: Db }) {
  return {
    correctHolder: (actor: OrganiserActor, orderId: string, ticketId: number, name: HolderName) =>
      correctHolder(deps, actor, orderId, ticketId, name),
    issueComp: (actor: OrganiserActor, request: CompRequest, idempotencyKey: string) =>
      issueComp(deps, actor, request, idempotencyKey),
  };
}
