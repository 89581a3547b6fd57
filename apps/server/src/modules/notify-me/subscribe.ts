import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@marquee/db/client';
import { AppError } from '../../plugins/app-error';
import { hashLinkToken, makeLinkToken } from '../../lib/link-tokens';
import type { NotifyMeLinks } from './link-keys';
import { EVENT_UID_PATTERN } from '../catalog/service';
import { NOTIFY_ME_MESSAGES } from './notify-me.schema';
import * as repository from './repository';

export interface SubscribeDeps {
  db: Db;
  links: NotifyMeLinks;
  /** Confirmation e-mails one address may be sent in 24 hours, whatever the events (nobody can mail-bomb a stranger). */
  confirmMailsPerDay: number;
  log: FastifyBaseLogger;
}

/**
 * Notify Me on an event not on sale yet: a pending subscription and its confirmation e-mail (double opt-in).
 * Refused before anything is written: an unknown or hidden event (404), one on sale or closed (409). The answer
 * is the same for a new address, one waiting for its confirmation and one already confirmed.
 */
export async function subscribe(
  deps: SubscribeDeps,
  input: { uid: string; email: string; userId: string | null },
): Promise<{ status: 'pending'; message: string }> {
  const event = EVENT_UID_PATTERN.test(input.uid) ? await repository.findEventByUid(deps.db, input.uid) : null;
  if (!event) throw new AppError('not_found', NOTIFY_ME_MESSAGES.unknownEvent);
  if (!event.isWaiting) throw new AppError('notify_me_closed', NOTIFY_ME_MESSAGES.closed);

  const answer = { status: 'pending', message: NOTIFY_ME_MESSAGES.checkEmail } as const;
  await deps.db.transaction(async (tx) => {
    await repository.lockAddress(tx, input.email);
    const existing = await repository.findSubscription(tx, event.id, input.email);
    // Confirmed already: nothing to confirm again, and nothing to tell whoever asked.
    if (existing?.status === 'confirmed') return;
    if ((await repository.countConfirmMailsToday(tx, input.email)) >= deps.confirmMailsPerDay) {
      // The owner has the earlier e-mails; a stranger learns nothing and the address gets no more mail today.
      deps.log.info({ eventId: event.id }, 'Notify Me: daily confirmation e-mails to this address reached');
      return;
    }
    const token = makeLinkToken();
    const subscriptionId = await repository.savePending(tx, {
      eventId: event.id,
      email: input.email,
      userId: input.userId,
      tokenHash: hashLinkToken(token),
      existingId: existing?.id ?? null,
    });
    await repository.queueMail(tx, {
      kind: 'notify_me_confirm',
      subscriptionId,
      url: deps.links.confirmUrl(token),
    });
  });
  return answer;
}
