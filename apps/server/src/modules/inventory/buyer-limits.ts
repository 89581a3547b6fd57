import { buyerLimitMessage } from '@marquee/domain/orders';
import { AppError } from '../../plugins/app-error';
import type { BuyerLimit } from './repository';

/**
 * The 409 `hold_limit_reached` for an order one of the buyer's limits refused (marquee_check_buyer_limits.sql;
 * decisions/029): the message says what to do; `hold_limit` names the limit, and for the cooldown
 * `retry_after_seconds` says how long until the buyer may hold those tickets again.
 */
export function buyerLimitError(limit: BuyerLimit): AppError {
  const message = buyerLimitMessage(limit);
  const details =
    limit.limit === 'cooldown'
      ? { hold_limit: limit.limit, retry_after_seconds: limit.retry_after_seconds }
      : { hold_limit: limit.limit };
  return new AppError('hold_limit_reached', message, undefined, details);
}
