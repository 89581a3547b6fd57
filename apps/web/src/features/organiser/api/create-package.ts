import { ConsolePackageSchema } from '@marquee/domain/console';
import type { TicketPackageFields } from '@marquee/domain/authoring';
import { apiSend } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';

/** POST …/events/{eventUid}/packages: a new package, last in the list, in the next free colour. */
export function createPackage(org: string, eventUid: string, fields: TicketPackageFields) {
  return apiSend('POST', `${consoleEventPath(org, eventUid)}/packages`, fields, ConsolePackageSchema);
}
