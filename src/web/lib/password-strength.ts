/**
 * The strength meter's estimator (zxcvbn-ts), loaded only when a password field is typed into:
 * the estimator and its word list stay out of the sign-in chunk (issue 18 §4, budgets).
 * The policy itself (length, common list) lives in the contract and is what the server enforces;
 * the meter is advice on top of it, and never rates a password the policy refuses above 0.
 */
import { ZxcvbnFactory, type OptionsGraph } from '@zxcvbn-ts/core';
import '../../contract/common-passwords';
import { password as passwordRule } from '../../contract/fields';
import meter from './data/password-meter.json';

export type Strength = 0 | 1 | 2 | 3 | 4;

const estimator = new ZxcvbnFactory({
  dictionary: { passwords: meter.passwords },
  graphs: meter.graphs as OptionsGraph,
});

/** 0 (refused by the policy, or guessed at once) to 4 (very hard to guess). */
export function strengthOf(password: string, userInputs: readonly string[] = []): Strength {
  if (!passwordRule.safeParse(password).success) return 0;
  return estimator.check(password, userInputs.flatMap(wordsOf)).score as Strength;
}

/** An e-mail address as the words someone guessing would try: whole, local part, and its pieces. */
function wordsOf(input: string): string[] {
  const local = input.split('@')[0] ?? '';
  return [input, local, ...input.split(/[@._+-]/)].filter((word) => word.length > 2);
}
