/**
 * Client-side validation with the contract's own zod schemas, so the PWA and the server refuse
 * exactly the same input. Contract messages are i18n keys ("common:validation.email"); schema
 * checks without a key of their own fall back to a generic "required"/"invalid" text naming the
 * field.
 */
import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type Translator = (key: string, options?: Record<string, unknown>) => string;

export type Validation<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/**
 * @param labels translated field names, used by the generic fallback messages
 * @param exists tells whether a message is a translation key (i18n.exists)
 */
export function validate<S extends z.ZodType, K extends string>(
  schema: S,
  values: Record<K, unknown>,
  t: Translator,
  exists: (key: string) => boolean,
  labels: Partial<Record<K, string>> = {},
): Validation<z.output<S>, K> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (errors[field]) continue; // First problem per field is enough for the user.
    errors[field] = issueText(issue, t, exists, labels[field] ?? field);
  }
  return { ok: false, errors };
}

function issueText(
  issue: z.core.$ZodIssue,
  t: Translator,
  exists: (key: string) => boolean,
  label: string,
): string {
  if (exists(issue.message)) return t(issue.message, { field: label });
  const empty = issue.code === 'too_small' && issue.minimum === 1;
  return t(empty ? 'common:validation.required' : 'common:validation.invalidField', { field: label });
}
