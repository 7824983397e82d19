/** Step-up tickets for tests of sensitive calls: the way the PWA gets one, through POST /api/user/stepUp. */
import type { StepUpPurpose } from '../../contract/account';
import { stepUp } from '../../contract/account';
import { googleCodeAt } from '../lib/totp';
import type { TestApp } from './harness';
import { TEST_PASSWORD } from './harness';

/**
 * A ticket for `purpose` in the session of `token`: by password, or by a Google code of `googleSecret`
 * (the clock then moves one time step on, so the next Google code of the test is a fresh one).
 */
export async function stepUpTicketFor(
  t: TestApp,
  token: string,
  purpose: StepUpPurpose,
  proof: { password?: string; googleSecret?: string } = { password: TEST_PASSWORD },
): Promise<string> {
  const input = proof.googleSecret
    ? { purpose, googleCode: googleCodeAt(proof.googleSecret, t.ctx.now()) }
    : { purpose, password: proof.password ?? TEST_PASSWORD };
  const answer = await t.api(stepUp, input, { token });
  if (answer.body.code !== 200) throw new Error(`stepUp failed: ${JSON.stringify(answer.body)}`);
  if (proof.googleSecret) t.advance(30_000);
  return (answer.body.data as { ticket: string }).ticket;
}
