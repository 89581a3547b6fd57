import { queryOptions } from '@tanstack/react-query';
import { OperatorOrganisationListSchema } from '@marquee/domain/console';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

/** GET /api/operator/organisations: every organisation, those waiting for approval first (operators, with two factors). */
export function getOperatorOrganisations(signal?: AbortSignal) {
  return apiGet('/api/operator/organisations', OperatorOrganisationListSchema, { signal });
}

export function operatorOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: organiserKeys.operatorOrganisations(),
    queryFn: ({ signal }) => getOperatorOrganisations(signal),
  });
}
