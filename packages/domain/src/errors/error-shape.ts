import { z } from 'zod';

/** Every 4xx/5xx body: `{ message, errors? }`; validation errors (422) carry `errors: { field: [messages] }`. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Turns a zod error into the spec's map of lists, keyed by dotted field path. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
