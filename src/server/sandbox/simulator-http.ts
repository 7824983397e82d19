/**
 * What the simulators' routes share (payments-routes.ts, card-spend-routes.ts): every action has a
 * JSON endpoint for scripts and a form endpoint for the page, which comes back to the page (303)
 * with a note saying what happened. A SimulatorError is the simulator's own refusal: its message is
 * the JSON `error` or the page's note; anything else is a bug and stays a 500.
 */
import type { Context } from 'hono';
import { SimulatorError } from './payments-simulator';

export const MINOR_AMOUNT_ERROR = 'amount must be a positive integer (minor units)';

/** The request's fields, from JSON or a form; empty when there is no body or it does not parse. */
export async function bodyFields(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) return (await c.req.json()) as Record<string, unknown>;
    if (type.includes('form')) return await c.req.parseBody();
  } catch {
    return {};
  }
  return {};
}

/** A whole number of minor units, as the JSON endpoints take them; undefined when empty, null when not one. */
export function minorAmount(value: unknown): number | undefined | null {
  if (value === undefined || value === '') return undefined;
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** The account filter the page's form carries back; empty for all accounts. */
export function accountField(fields: Record<string, unknown>): string {
  return typeof fields.account === 'string' ? fields.account : '';
}

/** A JSON endpoint's answer: what `work` answers, or `{ error }` with the refusal's status. */
export async function simulatorJson(c: Context, work: () => Promise<object>): Promise<Response> {
  try {
    return c.json(await work());
  } catch (error) {
    if (error instanceof SimulatorError) return c.json({ error: error.message }, error.status);
    throw error;
  }
}

/** A form endpoint's note: what `work` says, or the refusal's message (through `refused`, if given). */
export async function simulatorNote(
  work: () => Promise<string>,
  refused: (message: string) => string = (message) => message,
): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SimulatorError)) throw error;
    return refused(error.message);
  }
}

/** Back to the page at `path`, keeping its account filter, with `params` (the note among them). */
export function backToPage(
  c: Context,
  path: string,
  account: string,
  params: Record<string, string>,
): Response {
  const query = new URLSearchParams({ ...(account ? { account } : {}), ...params });
  return c.redirect(`${path}?${query.toString()}`, 303);
}
