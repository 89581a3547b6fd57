import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/operator/organisations/{org}/status (204): approve, or suspend with a reason (its events leave the
 * site; approving again puts back those the suspension took off). The status it has already is a 409 `conflict`.
 */
export async function setOrganisationStatus(
  org: string,
  change: { to: 'approved' } | { to: 'suspended'; reason: string },
): Promise<void> {
  await apiSend('POST', `/api/operator/organisations/${encodeURIComponent(org)}/status`, change, z.unknown());
}
