/**
 * The recharge tests' fake server: the shell's endpoints (testing/fixtures) plus topup/amount and
 * rechargeInfo computed from the contract's rules; a test's own handler answers first.
 */
import { CHANNEL_RULES, topupFee, type TopupChannel } from '@contract/topup-rules';
import { queryClient } from '../lib/queryClient';
import { shellApi, signOut, storeSession } from './fixtures';
import { renderApp, stubApi, type Recorded, type Reply } from './utils';
import { TEST_LIMITS } from './recharge-orders';

export type Handler = (
  request: Recorded,
  form: URLSearchParams,
) => Reply | undefined | Promise<Reply | undefined>;

export function stubRechargeApi(handler: Handler = () => undefined) {
  const shell = shellApi();
  return stubApi(async (request) => {
    const form = new URLSearchParams(request.body);
    const answer = await handler(request, form);
    if (answer) return answer;
    switch (request.path) {
      case '/api/account/topup/amount':
        return { code: 200, data: TEST_LIMITS };
      case '/api/account/rechargeInfo': {
        const channel = form.get('channel') as TopupChannel;
        const rule = CHANNEL_RULES[channel];
        const amount = Number(form.get('amount'));
        const fee = topupFee(amount, rule.feeRateBp);
        return {
          code: 200,
          data: {
            channel,
            currency: rule.currency,
            amount,
            fee,
            credit: amount - fee,
            payWithinSeconds: rule.payWithinSeconds,
          },
        };
      }
      case '/api/account/bankLimitImg':
        return { code: 404 };
      default:
        return shell(request);
    }
  });
}

/** The signed-in app on a recharge page. */
export function openPage(path: string) {
  storeSession();
  return renderApp(path);
}

/** After each test: the session, its atoms and every cached answer gone (limits are cached for minutes). */
export async function signOutAndForget(): Promise<void> {
  await signOut();
  queryClient.clear();
}
