import { queryOptions } from '@tanstack/react-query';
import { OrganisationReportAnswerSchema, REPORT_REFRESH_MS } from '@marquee/domain/reports';
import { apiGet } from '../../../lib/api-client';
import { organiserKeys } from './query-keys';

export function organisationReportPath(org: string): string {
  return `/api/organiser/${encodeURIComponent(org)}/report`;
}

/**
 * GET /api/organiser/{org}/report: the organisation's sales per currency and per event (a limited member's
 * events only), asked again every 15 s while the page is visible.
 */
export function organisationReportQueryOptions(org: string) {
  return queryOptions({
    queryKey: [...organiserKeys.organisation(org), 'report'] as const,
    queryFn: ({ signal }) => apiGet(organisationReportPath(org), OrganisationReportAnswerSchema, { signal }),
    refetchInterval: REPORT_REFRESH_MS,
  });
}
