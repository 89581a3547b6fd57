import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';
import { packagePath } from './update-package';

/** DELETE …/packages/{packageId}: 204; 409 `conflict` once anything was sold or held on it. */
export function deletePackage(org: string, eventUid: string, packageId: number) {
  return apiSend('DELETE', packagePath(org, eventUid, packageId), undefined, z.null());
}
