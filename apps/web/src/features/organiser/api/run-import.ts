import { ConsoleImportAnswerSchema } from '@marquee/domain/console';
import { apiSend } from '../../../lib/api-client';

/**
 * POST /api/organiser/{org}/imports: the file's JSON, checked (`dry_run`, nothing written) or applied, all or
 * nothing. A 422 lists every problem under `file.{path}`; over 2 MB is a 413 `payload_too_large`.
 */
export function runImport(org: string, file: unknown, isDryRun: boolean) {
  return apiSend(
    'POST',
    `/api/organiser/${encodeURIComponent(org)}/imports`,
    { dry_run: isDryRun, file },
    ConsoleImportAnswerSchema,
  );
}
