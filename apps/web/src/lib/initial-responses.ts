import type { z } from 'zod';
import { INITIAL_RESPONSES_ELEMENT_ID } from '@marquee/domain/first-views';

let responses: Map<string, unknown> | null = null;

function readResponses(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_RESPONSES_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return parsed !== null && typeof parsed === 'object' ? new Map(Object.entries(parsed)) : new Map();
  } catch {
    return new Map();
  }
}

/**
 * The API's answer to `GET path` that the server put in the page (apps/server/src/modules/pages: an
 * event page carries its event), parsed with the same schema as a fetched one; undefined when the page
 * has none or it does not parse. Each is used once, for the first render: later reads fetch.
 */
export function takeInitialResponse<T extends z.ZodType>(path: string, schema: T): z.infer<T> | undefined {
  responses ??= readResponses();
  if (!responses.has(path)) return undefined;
  const json = responses.get(path);
  responses.delete(path);
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
