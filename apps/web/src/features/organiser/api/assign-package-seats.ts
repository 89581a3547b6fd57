import { ConsolePackageSchema, PackageSeatsConflictBodySchema } from '@marquee/domain/console';
import { apiSend, type ApiError } from '../../../lib/api-client';
import { packagePath } from './update-package';

/**
 * PUT …/packages/{packageId}/seats: the package's seats, all of them (what is not listed is released). 409
 * `seats_taken` (another package's seats, in `taken_seats`), `seats_locked` (releasing sold or held seats) or
 * `conflict` (a free seating package owns no seats).
 */
export function assignPackageSeats(org: string, eventUid: string, packageId: number, seatIds: readonly string[]) {
  return apiSend('PUT', `${packagePath(org, eventUid, packageId)}/seats`, { seat_ids: seatIds }, ConsolePackageSchema);
}

/** The seats a 409 `seats_taken` names; [] when the body has none. */
export function takenSeatsOf(error: ApiError): string[] {
  const parsed = PackageSeatsConflictBodySchema.safeParse(error.body);
  return parsed.success ? (parsed.data.taken_seats ?? []) : [];
}
