/**
 * Bodies no handler should ever walk (issue 29 §12): JSON nested deeper than MAX_BODY_DEPTH (5,000
 * levels overflowed the stack of the recursive checks behind the parser: a 500), and characters no
 * text column can hold (a NUL byte or a lone surrogate: PostgreSQL refused the row, a 500 that
 * printed the statement). Both are bad input: 400 with a translated message, before anything
 * stores or walks the body.
 */
import { Code } from '../../contract/core';
import { AppError } from './errors';

/** Deeper than any request or callback of the contract by far (the deepest is about 4 levels). */
export const MAX_BODY_DEPTH = 32;

/** A NUL byte or half of a surrogate pair: no text field can hold it, and PostgreSQL refuses it. */
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
export const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` nests arrays or objects deeper than `max`, walked without recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** 400 for a parsed body nested deeper than MAX_BODY_DEPTH. */
export function refuseDeepBody(value: unknown): void {
  if (nestedDeeperThan(value, MAX_BODY_DEPTH))
    throw new AppError(Code.badRequest, 'server:errors.tooDeep', null, { max: MAX_BODY_DEPTH });
}

/**
 * A callback's raw body, refused before its signature is checked, parsed or stored when it holds an
 * unstorable character or its JSON nests too deep. Cheap on the raw text: the nesting is counted on
 * the brackets outside strings, so nothing deep is ever parsed.
 */
export function refuseBadCallbackBody(rawBody: string): void {
  if (UNSTORABLE.test(rawBody)) throw new AppError(Code.badRequest, 'server:errors.bodyBadCharacters');
  if (rawNestingOver(rawBody, MAX_BODY_DEPTH))
    throw new AppError(Code.badRequest, 'server:errors.tooDeep', null, { max: MAX_BODY_DEPTH });
}

/** The deepest bracket nesting of JSON text (strings skipped) is over `max`. */
export function rawNestingOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      if (++depth > max) return true;
    } else if (ch === ']' || ch === '}') depth--;
  }
  return false;
}
