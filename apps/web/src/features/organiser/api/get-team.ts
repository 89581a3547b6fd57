import { queryOptions } from '@tanstack/react-query';
import { TeamAnswerSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

export function organisationApiPath(org: string): string {
  return `/api/organiser/${encodeURIComponent(org)}`;
}

/** GET /api/organiser/{org}/team: the members and the pending invitations (`team.read`: owners, managers, operators). */
export function getTeam(org: string, signal?: AbortSignal) {
  return apiGet(`${organisationApiPath(org)}/team`, TeamAnswerSchema, { signal });
}

export function teamQueryOptions(org: string) {
  return queryOptions({
    queryKey: organiserKeys.team(org),
    queryFn: ({ signal }) => getTeam(org, signal),
  });
}
