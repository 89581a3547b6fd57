import { ConsolePackageSchema } from '@marquee/domain/console';
import type { TicketPackageFieldsPatch } from '@marquee/domain/authoring';
import { apiSend } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';

export function packagePath(org: string, eventUid: string, packageId: number): string {
  return `${consoleEventPath(org, eventUid)}/packages/${packageId}`;
}

/**
 * PATCH …/packages/{packageId}: only the fields that changed. 409 `capacity_below_taken` (with
 * `errors.capacity`) for a capacity under the tickets sold and held; 409 `seats_locked` for a seated package
 * with sold or held seats made free seating.
 */
export function updatePackage(org: string, eventUid: string, packageId: number, patch: TicketPackageFieldsPatch) {
  return apiSend('PATCH', packagePath(org, eventUid, packageId), patch, ConsolePackageSchema);
}
