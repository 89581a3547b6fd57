import { isApiError } from '../../../lib/api-client';
import { problemMessage } from './problem-message';

/** Messages per field, keyed by the field's path with dots (`sections.0.rows.2.seats`), as the server's 422 keys them. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export const NO_ERRORS: FieldErrors = {};

/** A zod result's issues, keyed like the server's `errors` (its error handler joins the path with dots). */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/**
 * The server's 422 `errors`, keyed as this form keys its fields: `prefix` (`spec.`) is what the body wraps the
 * form's value in. Null when the error is not a validation refusal.
 */
export function serverFieldErrors(error: unknown, prefix = ''): FieldErrors | null {
  if (!isApiError(error, 'validation_failed')) return null;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.body.errors ?? {})) {
    const field = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return errors;
}

/** Messages of the field at `key` and of anything inside it (`aisles` takes `aisles.2` too). */
export function errorsAt(errors: FieldErrors, key: string): string[] {
  const found: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    if (path === key || path.startsWith(`${key}.`))
      for (const message of messages) if (!found.includes(message)) found.push(message);
  }
  return found;
}

/**
 * A message under its field. The shared schemas word messages to follow the field's name ("must not be
 * empty"), so the label goes first: "Name must not be empty". A message that is a sentence stays as it is.
 */
export function fieldMessage(label: string, messages: readonly string[]): string | undefined {
  if (messages.length === 0) return undefined;
  return messages.map((message) => (/^[a-z]/.test(message) ? `${label} ${message}` : message)).join(' ');
}

/** Messages of exactly the field at `key` (a section's `rows`, without its rows' own). */
export function errorsExactly(errors: FieldErrors, key: string): string[] {
  return [...(errors[key] ?? [])];
}

/** Messages of every field whose path matches (`sections.0.rows.<any>.seats`), each once. */
export function errorsMatching(errors: FieldErrors, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    if (pattern.test(path)) for (const message of messages) if (!found.includes(message)) found.push(message);
  }
  return found;
}

/** Two sets of field errors in one (the browser's check, then the server's answer). */
export function mergeFieldErrors(first: FieldErrors, second: FieldErrors): FieldErrors {
  const merged: Record<string, string[]> = {};
  for (const source of [first, second]) {
    for (const [key, messages] of Object.entries(source)) {
      const list = (merged[key] ??= []);
      for (const message of messages) if (!list.includes(message)) list.push(message);
    }
  }
  return merged;
}

/**
 * A refusal of a form's sending, put where its reader looks: a 422's messages under their fields (`fieldOf`
 * names the form's field for the server's key, or null; `setFieldError` shows a message there), and what
 * belongs to no field, or any other refusal in the server's words, returned for above the form.
 */
export function placeServerErrors<Field>(
  error: unknown,
  fieldOf: (key: string) => Field | null,
  setFieldError: (field: Field, message: string) => void,
): string[] {
  const fieldErrors = serverFieldErrors(error);
  if (!fieldErrors) return [problemMessage(error)];
  const elsewhere: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = fieldOf(key);
    if (field !== null) setFieldError(field, messages.join(' '));
    else elsewhere.push(...messages);
  }
  return elsewhere;
}
