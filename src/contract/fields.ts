/**
 * Field schemas shared by several endpoints. Their error messages are i18n keys
 * (`namespace:key` in locales/<lang>/<namespace>.json); the server and the PWA translate them.
 */
import { z } from 'zod';
import { isCommonPassword, PASSWORD_MAX, PASSWORD_MIN } from './password-rules';

export { PASSWORD_MAX, PASSWORD_MIN } from './password-rules';
export const CODE_LENGTH = 6;

/**
 * A pragmatic address check: one @, no spaces, a dotted domain with a 2+ letter TLD. `z.email()`
 * refuses some valid addresses (see stack-notes), and the only real proof is the code we mail.
 */
const EMAIL_PATTERN =
  /^[^\s@"<>()[\]\\,;:]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const email = z
  .string({ error: 'common:validation.email' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'common:validation.email' })
  .regex(EMAIL_PATTERN, { error: 'common:validation.email' });

/** A password being set (password-rules.ts); signing in takes any stored password as it is. */
export const password = z
  .string({ error: 'common:validation.passwordLength' })
  .min(PASSWORD_MIN, { error: 'common:validation.passwordLength' })
  .max(PASSWORD_MAX, { error: 'common:validation.passwordLength' })
  .refine((value) => !isCommonPassword(value), { error: 'common:validation.passwordCommon' });

/** At most 16 digits: every such number is a safe integer. */
const WHOLE_DIGITS = /^\d{1,16}$/;

/** What is precisely wrong with an amount that is a number, but not a whole positive one. */
function amountIssue(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  if (/^-\d{1,16}(\.\d+)?$/.test(text)) return 'common:validation.amountNegative';
  if (/^\d{1,16}\.\d+$/.test(text)) return 'common:validation.amountFraction';
  return null;
}

/**
 * The one money type of requests (issue 13 §3): a whole number of minor units, sent as a JSON
 * integer or as a string of decimal digits (form bodies and query strings carry text). Nothing
 * looser: not `true`, `[5000]`, `"0xC350"`, `"1e3"`, `" 12"` or `"-600"`, which a plain numeric
 * coercion would all turn into amounts. `min` is 1 for an amount to move, 0 for a range bound.
 * A fraction of a minor unit (`100.5`) or a negative amount to move is told as such (issue 29 item
 * 18), not with the field's general message (which may say "greater than zero"); a range bound
 * (`min` 0) keeps its own message, the spec's "Please enter the correct balance range".
 */
export function minorAmount(error: string, min: 0 | 1 = 1) {
  const told = (input: unknown) => (min === 1 ? amountIssue(input) : null) ?? error;
  return (
    z
      .custom<number | string>(
        (value) =>
          (typeof value === 'number' && Number.isSafeInteger(value)) ||
          (typeof value === 'string' && WHOLE_DIGITS.test(value)),
        { error: (issue) => told(issue.input) },
      )
      // What the OpenAPI document says (a custom check is otherwise "anything"): an integer of minor
      // units. A form body carries its digits, which OpenAPI's form serialisation writes anyway.
      .meta({
        type: 'integer',
        minimum: min,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Minor units (cents, fen): a whole number.',
      })
      .transform(Number)
      .pipe(
        z
          .number()
          .int({ error })
          .min(min, { error: (issue) => told(issue.input) })
          .max(Number.MAX_SAFE_INTEGER, { error }),
      )
  );
}

/** Six-digit code sent by e-mail. */
export const mailCode = z
  .string({ error: 'common:validation.code' })
  .trim()
  .regex(/^\d{6}$/, { error: 'common:validation.code' });

/** Six-digit Google Authenticator code. */
export const googleCode = z
  .string({ error: 'common:validation.googleCode' })
  .trim()
  .regex(/^\d{6}$/, { error: 'common:validation.googleCode' });

/**
 * A step-up ticket from POST /api/user/stepUp (docs/decisions.md "Step-up re-authentication").
 * Sensitive calls declare it optional: a missing or bad one answers 428 with `data.stepUp`, which
 * is what makes the PWA ask for the password or Google code.
 */
export const stepUpTicket = z
  .string({ error: 'common:validation.stepUpTicket' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'common:validation.stepUpTicket' });

/** Invitation code: 6 digits (spec §9). */
export const inviteCode = z
  .string({ error: 'common:validation.inviteCode' })
  .trim()
  .regex(/^\d{6}$/, { error: 'common:validation.inviteCode' });

export const nickname = z
  .string()
  .trim()
  .min(1, { error: 'common:validation.nickname' })
  .max(32, { error: 'common:validation.nickname' });

export const mobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,19}$/, { error: 'common:validation.mobile' });

/** A required line of text, trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'common:validation.required' })
    .trim()
    .min(1, { error: 'common:validation.required' })
    .max(max, { error: 'common:validation.tooLong' });

/** Form bodies carry strings; treat an empty string as "not given". */
export function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

/** Password plus confirmation that must match (spec §5). */
export function withConfirmedPassword<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, password, confirmPassword: z.string() })
    .refine((v) => passwordsMatch(v as { password: string; confirmPassword: string }), {
      error: 'common:validation.passwordMismatch',
      path: ['confirmPassword'],
    });
}

function passwordsMatch(v: { password: string; confirmPassword: string }): boolean {
  return v.password === v.confirmPassword;
}
