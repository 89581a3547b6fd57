import { queryOptions } from '@tanstack/react-query';
import { OrganisationAnswerSchema } from '@marquee/domain/organiser';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/** GET /api/organiser/{org}: the organisation's own fields; the console's door (two factors, membership). */
export function getOrganisation(org: string, signal?: AbortSignal) {
  return apiGet(`/api/organiser/${encodeURIComponent(org)}`, OrganisationAnswerSchema, { signal });
}

export function organisationQueryOptions(org: string) {
  return queryOptions({
    queryKey: organiserKeys.organisation(org),
    queryFn: ({ signal }) => getOrganisation(org, signal),
  });
}
