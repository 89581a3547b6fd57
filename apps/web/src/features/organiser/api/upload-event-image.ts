import type { z } from 'zod';
import { EventImagesAnswerSchema } from '@marquee/domain/console';
import { ErrorBodySchema, errorCodeForStatus } from '@marquee/domain/errors';
import { ApiError } from '../../../lib/api-client';
import { consoleEventPath } from './get-console-event';

export type EventImageKind = 'banner' | 'thumbnail';
export type EventImagesAnswer = z.infer<typeof EventImagesAnswerSchema>;

/** The XSRF-TOKEN cookie, echoed as apiSend does (lib/api-client keeps its reader to itself). */
function xsrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== 'XSRF-TOKEN') continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return rest.join('=');
    }
  }
  return null;
}

function apiErrorOf(status: number, text: string): ApiError {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // A proxy's page: the status says what it was.
  }
  const parsed = ErrorBodySchema.safeParse(json);
  return new ApiError(
    status,
    parsed.success ? parsed.data : { code: errorCodeForStatus(status), message: 'An unexpected error occurred.' },
  );
}

export interface UploadOptions {
  /** Bytes sent so far of the total, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * PUT …/events/{eventUid}/images/{kind}: the file itself is the body, with its own content type. An
 * XMLHttpRequest rather than fetch, for its upload progress events. Refusals are ApiErrors as apiSend's
 * (413 `payload_too_large`, 415 `unsupported_media_type`, 422 `validation_failed` with `errors.image`); a
 * network failure or an abort rejects with a plain Error.
 */
export function uploadEventImage(
  org: string,
  eventUid: string,
  kind: EventImageKind,
  file: Blob,
  { onProgress, signal }: UploadOptions = {},
) {
  return new Promise<EventImagesAnswer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `${consoleEventPath(org, eventUid)}/images/${kind}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = xsrfToken();
    if (token !== null) request.setRequestHeader('X-XSRF-TOKEN', token);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorOf(request.status, request.responseText));
        return;
      }
      try {
        resolve(EventImagesAnswerSchema.parse(JSON.parse(request.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('The answer could not be read.'));
      }
    });
    request.addEventListener('error', () => reject(new Error('The upload failed: the network did not carry it.')));
    request.addEventListener('abort', () => reject(new Error('The upload was stopped.')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
