/**
 * The agent programme (spec §7 "Agent"). Every call is the main account's own: a sub-account user
 * gets 4030 (mainAccountOf), whatever their role; money-moving calls also need the mail code.
 */
import { eq } from 'drizzle-orm';
import {
  addBankCard as addBankCardCall,
  agentGetCode,
  agentInfo,
  bankCardList,
  inviterOfCode,
  pageFlow,
  pageOfInvitations,
  pageWithdrawal,
  removeBankCardNo,
  withdrawalsInfo,
  withdrawalsToBankCard,
  withdrawalsToWallet,
} from '../../../contract/agent';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import type { Tx } from '../../db/client';
import { proveMailCode, spendProvenCode } from '../../lib/mail-codes';
import { mainAccountOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { addBankCard } from './bank-cards/add-bank-card';
import { checkBankWithdrawalStepUp, spendBankWithdrawalStepUp } from './withdrawals/bank-withdrawal-step-up';
import { listBankCards } from './bank-cards/list-bank-cards';
import { listCommissions } from './commissions/list-commissions';
import { listInvitations } from './invitations/list-invitations';
import { listWithdrawals } from './withdrawals/list-withdrawals';
import { readAgentInfo } from './commissions/read-agent-info';
import { readInviter } from './invitations/read-inviter';
import { readWithdrawalRules } from './withdrawals/read-withdrawal-rules';
import { removeBankCard } from './bank-cards/remove-bank-card';
import { sendWithdrawalCode } from './withdrawals/send-withdrawal-code';
import { withdrawToBankCard } from './withdrawals/withdraw-to-bank-card';
import { checkLimits, withdrawToWallet } from './withdrawals/withdraw-to-wallet';
import { WITHDRAWAL_RULES } from './agent-rules';
import { checkAvailable } from './withdrawals/take-available';

const actorOf = (call: Call) => ({ ip: call.ip, device: call.device, subAccountId: null });

async function emailOf(app: AppContext, accountId: string): Promise<string> {
  const [account] = await app.database.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('authenticated account not found');
  return account.email;
}

/**
 * The mail code of a withdrawal: checked first (a wrong try counts), spent in the withdrawal's own
 * transaction, so a withdrawal refused for any reason (an unknown bank card, the daily count, the
 * balance) rolls the spending back and the customer keeps their code (issue 29 item 15).
 */
async function withdrawalCode(app: AppContext, accountId: string, code: string) {
  const email = await emailOf(app, accountId);
  const codeId = await proveMailCode(app, email, 'agent_withdraw', code);
  return (tx: Tx) => spendProvenCode(tx, codeId, app.now());
}

export function registerAgentRoutes(register: Registrar): void {
  register(agentInfo, (_input, call) => readAgentInfo(call.app, mainAccountOf(call).accountId));
  register(pageOfInvitations, (query, call) =>
    listInvitations(call.app, mainAccountOf(call).accountId, query),
  );
  register(pageFlow, (query, call) => listCommissions(call.app, mainAccountOf(call).accountId, query));
  register(pageWithdrawal, (query, call) => listWithdrawals(call.app, mainAccountOf(call).accountId, query));
  register(withdrawalsInfo, (_input, call) => readWithdrawalRules(call.app, mainAccountOf(call).accountId));
  register(agentGetCode, (_input, call) =>
    sendWithdrawalCode(call.app, mainAccountOf(call).accountId, call.lang),
  );

  // Limits and balance are checked before the code is even tried; the code is spent in the
  // withdrawal's transaction, so nothing refused costs it.
  register(withdrawalsToWallet, async ({ code, ...input }, call) => {
    const { accountId } = mainAccountOf(call);
    checkLimits(input.currency, input.amount, WITHDRAWAL_RULES[input.currency].wallet);
    await checkAvailable(call.app.database.db, accountId, input.currency, input.amount);
    const spendCode = await withdrawalCode(call.app, accountId, code);
    return withdrawToWallet(call.app, accountId, input, call.idempotencyKey, actorOf(call), spendCode);
  });

  register(withdrawalsToBankCard, async ({ code, stepUpTicket, ...input }, call) => {
    const { accountId } = mainAccountOf(call);
    checkLimits(input.currency, input.amount, WITHDRAWAL_RULES[input.currency].bankCard);
    await checkAvailable(call.app.database.db, accountId, input.currency, input.amount);
    await checkBankWithdrawalStepUp(call, stepUpTicket);
    const spendCode = await withdrawalCode(call.app, accountId, code);
    return withdrawToBankCard(call.app, accountId, input, call.idempotencyKey, actorOf(call), async (tx) => {
      await spendCode(tx);
      await spendBankWithdrawalStepUp(tx, call, stepUpTicket);
    });
  });

  register(addBankCardCall, (input, call) => addBankCard(call.app, mainAccountOf(call).accountId, input));
  register(bankCardList, (_input, call) => listBankCards(call.app, mainAccountOf(call).accountId));
  register(removeBankCardNo, (input, call) =>
    removeBankCard(call.app, mainAccountOf(call).accountId, input.id),
  );
  register(inviterOfCode, (input, call) => readInviter(call.app, input.code, call.ip));
}
