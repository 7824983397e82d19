/**
 * The invitation-rebate (agent) programme (spec §7 "Agent", issue 17). Every call is the main
 * account's own: they declare `main` to the permission matrix, so a sub-account user gets 4030.
 * Money is minor units with its currency, as everywhere.
 */
import { z } from 'zod';
import { currencyCode, endpoint, isoTime, minorUnits, nothing, pageOf, pageQuery } from './core';
import { inviteCode, mailCode, minorAmount, optionalText, requiredText } from './fields';
import { MAIN_ONLY } from './permissions';
import { documentName, organisationName, TEXT_LIMITS } from './text-rules';

/** Every agent call is the main account's alone (a member earns no commission of its own). */
export const AGENT_PERMISSION = MAIN_ONLY;

/** The wallets commission can be withdrawn into (spec: CNY or USD). */
export const agentCurrency = z.enum(['CNY', 'USD'], { error: 'agent:validation.currency' });
export type AgentCurrency = z.infer<typeof agentCurrency>;

export const feeType = z.enum(['topup', 'card_open', 'card_recharge']);
export type FeeType = z.infer<typeof feeType>;

/** How far an invitee has come, in order. */
export const INVITEE_STAGES = ['registered', 'verified', 'first_topup', 'first_card', 'spending'] as const;
export const inviteeStage = z.enum(INVITEE_STAGES);
export type InviteeStage = z.infer<typeof inviteeStage>;

export const amountByCurrency = z.object({ currency: currencyCode, amount: minorUnits });

export const agentBalance = z.object({
  currency: currencyCode,
  /** Accrued, waiting for its holding period to end. */
  pending: minorUnits,
  /** Free to withdraw. */
  available: minorUnits,
  /** Bank withdrawals on their way (their net: the fee is in `fees` from the request). */
  inPayout: minorUnits,
  /** What reached the agent: wallet withdrawals, and the net of bank payouts once paid. */
  withdrawn: minorUnits,
  /** Fees of bank withdrawals requested or paid (a failed payout gives its fee back). */
  fees: minorUnits,
  /** Commission clawed back after it had been withdrawn, taken from the next releases. */
  owed: minorUnits,
  /**
   * Lifetime commission, clawbacks deducted. In every state of every withdrawal:
   * earned = pending + available + inPayout + withdrawn + fees − owed.
   */
  earned: minorUnits,
});
export type AgentBalance = z.infer<typeof agentBalance>;

export const agentInfoView = z.object({
  code: z.string(),
  inviteeCount: z.number().int(),
  balances: z.array(agentBalance),
  /** Days a commission waits before it becomes available. */
  holdDays: z.number().int(),
  /** The commission rates of the invitee's plan, basis points of the fee. */
  rates: z.array(z.object({ planCode: z.string(), feeType, rateBp: z.number().int() })),
  /** When the next pending commission becomes available, if any. */
  nextReleaseAt: isoTime.nullable(),
});
export type AgentInfoView = z.infer<typeof agentInfoView>;

export const invitationView = z.object({
  id: z.string(),
  emailMasked: z.string(),
  signedUpAt: isoTime,
  stage: inviteeStage,
  /** The stage not reached yet, for the reminder; null once spending. */
  nextStage: inviteeStage.nullable(),
  earned: z.array(amountByCurrency),
});
export type InvitationView = z.infer<typeof invitationView>;

export const invitationsPage = pageOf(invitationView).extend({
  /** Invitees who reached each stage (a stage counts everyone past it too). */
  funnel: z.array(z.object({ stage: inviteeStage, count: z.number().int() })),
});

export const commissionStatus = z.enum(['pending', 'available', 'clawed_back']);
export type CommissionStatus = z.infer<typeof commissionStatus>;

export const commissionView = z.object({
  id: z.string(),
  inviteeEmailMasked: z.string(),
  feeType,
  /** The transaction number of the fee the commission comes from. */
  sourceTxnNo: z.string(),
  currency: currencyCode,
  feeAmount: minorUnits,
  rateBp: z.number().int(),
  amount: minorUnits,
  status: commissionStatus,
  accruedAt: isoTime,
  availableAt: isoTime,
  releasedAt: isoTime.nullable(),
  clawedBackAt: isoTime.nullable(),
});
export type CommissionView = z.infer<typeof commissionView>;

export const withdrawalStatus = z.enum(['requested', 'paid', 'failed']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const withdrawalView = z.object({
  id: z.string(),
  target: z.enum(['wallet', 'bank_card']),
  currency: currencyCode,
  amount: minorUnits,
  fee: minorUnits,
  net: minorUnits,
  status: withdrawalStatus,
  bankName: z.string().nullable(),
  cardMasked: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

export const withdrawalRule = z.object({
  currency: agentCurrency,
  available: minorUnits,
  wallet: z.object({ minimum: minorUnits, maximum: minorUnits, fee: minorUnits }),
  bankCard: z.object({
    minimum: minorUnits,
    maximum: minorUnits,
    /** Fee = max(minFee, amount × feeBp / 10000), rounded up. */
    feeBp: z.number().int(),
    minFee: minorUnits,
    /** Bank withdrawals a day. */
    dailyCount: z.number().int(),
  }),
});
export type WithdrawalRule = z.infer<typeof withdrawalRule>;

export const bankCardView = z.object({
  id: z.string(),
  holder: z.string(),
  bank: z.string(),
  /** `6222 **** **** 1234`. The full number never leaves the server. */
  cardMasked: z.string(),
  createdAt: isoTime,
});
export type BankCardView = z.infer<typeof bankCardView>;

const amountField = minorAmount('agent:validation.amount');

/** Digits only once spaces are gone: 12 to 19 of them; the Luhn check is the server's. */
const bankCardNumber = z
  .string({ error: 'agent:validation.cardNo' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, { error: 'agent:validation.cardNo' }));

export const agentInfo = endpoint({
  id: 'agent.info',
  method: 'GET',
  path: '/api/agent/info',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'The caller’s invitation code, invitee count, commission balances and rates.',
  request: z.object({}),
  response: agentInfoView,
});

export const pageOfInvitations = endpoint({
  id: 'agent.pageOfInvitations',
  method: 'GET',
  path: '/api/agent/pageOfInvitations',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'The customers the caller invited, newest first, with their stage and the funnel.',
  request: pageQuery.extend({ stage: optionalText(inviteeStage) }),
  response: invitationsPage,
});

export const pageFlow = endpoint({
  id: 'agent.pageFlow',
  method: 'GET',
  path: '/api/agent/pageFlow',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'Commission lines, newest first: source fee, rate, state and dates.',
  request: pageQuery.extend({ status: optionalText(commissionStatus) }),
  response: pageOf(commissionView),
});

export const pageWithdrawal = endpoint({
  id: 'agent.pageWithdrawal',
  method: 'GET',
  path: '/api/agent/pageWithdrawal',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'Commission withdrawals, newest first.',
  request: pageQuery,
  response: pageOf(withdrawalView),
});

export const withdrawalsInfo = endpoint({
  id: 'agent.withdrawalsInfo',
  method: 'GET',
  path: '/api/agent/withdrawalsInfo',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'Minimum, maximum, fee and available balance of each withdrawal currency.',
  request: z.object({}),
  response: z.array(withdrawalRule),
});

export const agentGetCode = endpoint({
  id: 'agent.getCode',
  method: 'GET',
  path: '/api/agent/getCode',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  audited: true,
  summary: 'Mails the code that confirms a commission withdrawal.',
  request: z.object({}),
  response: z.object({ expiresIn: z.number().int(), resendIn: z.number().int() }),
});

export const withdrawalsToWallet = endpoint({
  id: 'agent.withdrawalsToWallet',
  method: 'POST',
  path: '/api/agent/withdrawalsToWallet',
  encoding: 'form',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  idempotent: true,
  summary: 'Moves available commission into the wallet of its currency at once, free of charge.',
  request: z.object({ currency: agentCurrency, amount: amountField, code: mailCode }),
  response: withdrawalView,
});

export const withdrawalsToBankCard = endpoint({
  id: 'agent.withdrawalsToBankCard',
  method: 'POST',
  path: '/api/agent/withdrawalsToBankCard',
  encoding: 'form',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  idempotent: true,
  summary: 'Requests a payout of available commission to a saved bank card (fee deducted).',
  request: z.object({
    currency: agentCurrency,
    amount: amountField,
    bankCardId: requiredText(64),
    code: mailCode,
    /** Step-up ticket of purpose `bank_withdrawal` (BRIEF shared design 1). */
    stepUpTicket: optionalText(z.string().max(200)),
  }),
  response: withdrawalView,
});

export const addBankCard = endpoint({
  id: 'agent.addBankCard',
  method: 'POST',
  path: '/api/agent/addBankCard',
  encoding: 'form',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'Saves a bank card for withdrawals; the number is checked (Luhn) and stored sealed.',
  request: z.object({
    holder: documentName(TEXT_LIMITS.bankHolder),
    bank: organisationName(TEXT_LIMITS.bankHolder),
    cardNo: bankCardNumber,
  }),
  response: bankCardView,
});

export const bankCardList = endpoint({
  id: 'agent.bankCardList',
  method: 'GET',
  path: '/api/agent/bankCardList',
  encoding: 'query',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'The caller’s saved bank cards, masked.',
  request: z.object({}),
  response: z.array(bankCardView),
});

export const removeBankCardNo = endpoint({
  id: 'agent.removeBankCardNo',
  method: 'POST',
  path: '/api/agent/removeBankCardNo',
  encoding: 'form',
  auth: 'bearer',
  permission: AGENT_PERMISSION,
  summary: 'Removes a saved bank card (withdrawals already requested keep their details).',
  request: z.object({ id: requiredText(64) }),
  response: nothing,
});

/**
 * Sign-up with `?code=`: who invited, masked, so the newcomer sees the code is right before
 * registering. Public; it says no more than a masked address.
 */
export const inviterOfCode = endpoint({
  id: 'agent.inviter',
  method: 'GET',
  path: '/api/agent/inviter',
  encoding: 'query',
  auth: 'none',
  summary: 'The masked e-mail of the account an invitation code belongs to.',
  request: z.object({ code: inviteCode }),
  response: z.object({ emailMasked: z.string() }),
});

export const agentEndpoints = [
  agentInfo,
  pageOfInvitations,
  pageFlow,
  pageWithdrawal,
  withdrawalsInfo,
  agentGetCode,
  withdrawalsToWallet,
  withdrawalsToBankCard,
  addBankCard,
  bankCardList,
  removeBankCardNo,
  inviterOfCode,
] as const;
