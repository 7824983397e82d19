/**
 * Finance (spec §7 "Finance"): top-up limits and quotes, online orders (QR / address), bank-card
 * payment, USD bank-transfer forecasts with proof, the financial breakdown and its export.
 * Money travels as integer minor units with its currency, in both directions.
 */
import { z } from 'zod';
import {
  currencyCode,
  endpoint,
  IMAGE_MEDIA,
  isoTime,
  minorUnits,
  nothing,
  pageOf,
  pageQuery,
  SPREADSHEET_MEDIA,
  SVG_MEDIA,
} from './core';
import { mailCode, minorAmount, optionalText, requiredText } from './fields';
import { TOPUP_CHANNELS, USD_TRANSFER_MAX, USD_TRANSFER_MIN } from './topup-rules';
import { organisationName, swiftText, TEXT_LIMITS } from './text-rules';

export const topupChannel = z.enum(TOPUP_CHANNELS, { error: 'common:validation.channel' });

/** An amount typed by the customer, sent in minor units (form bodies carry it as a string). */
export const amountMinor = minorAmount('common:validation.amount');

/** Calendar date `YYYY-MM-DD`. */
export const calendarDate = z
  .string({ error: 'common:validation.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'common:validation.date' })
  .refine(isRealDay, { error: 'common:validation.date' });

/** A day that exists: 2026-02-30 is refused rather than rolled over into March. */
function isRealDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// ---------------------------------------------------------------------------------------------
// Limits, quotes and online orders

export const channelRuleView = z.object({
  channel: topupChannel,
  currency: currencyCode,
  minAmount: minorUnits,
  maxAmount: minorUnits,
  serviceAbove: minorUnits.nullable(),
  feeRateBp: z.number().int(),
  payWithinSeconds: z.number().int(),
  confirmMinutes: z.tuple([z.number().int(), z.number().int()]).nullable(),
});

export const topupAmount = endpoint({
  id: 'finance.topupAmount',
  method: 'GET',
  path: '/api/account/topup/amount',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Limits and fees of every top-up channel and of the USD transfer, shown before paying.',
  request: z.object({}),
  response: z.object({
    channels: z.array(channelRuleView),
    usdTransfer: z.object({ minAmount: minorUnits, maxAmount: minorUnits, businessOnly: z.literal(true) }),
    /** Whether this account may send USD transfer forecasts (business accounts only). */
    canForecast: z.boolean(),
  }),
});

export const quote = z.object({
  channel: topupChannel,
  currency: currencyCode,
  /** What the customer pays. */
  amount: minorUnits,
  /** Charged to the wallet in the same movement as the credit. */
  fee: minorUnits,
  /** What the wallet gains in the end: amount - fee. */
  credit: minorUnits,
  payWithinSeconds: z.number().int(),
});

const channelAndAmount = z.object({ channel: topupChannel, amount: amountMinor });

export const rechargeInfo = endpoint({
  id: 'finance.rechargeInfo',
  method: 'POST',
  path: '/api/account/rechargeInfo',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  audited: false,
  summary: 'Quote of a top-up: fee and credit; 422 when the amount breaks a limit of the channel.',
  request: channelAndAmount,
  response: quote,
});

export const orderStatus = z.enum(['pending', 'confirming', 'paid', 'failed', 'expired']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const topupOrder = quote.extend({
  orderId: z.string(),
  status: orderStatus,
  /** What the QR code encodes (a channel URL, or for USDT a `tron:` URI with address and amount). */
  payload: z.string(),
  /** Opens the channel's app on a phone, where the channel has one. */
  deepLink: z.string().nullable(),
  /** USDT: the one-time TRC20 address of this order. */
  address: z.string().nullable(),
  network: z.literal('TRC20').nullable(),
  /** Bank card: last four digits of the paying card. */
  cardLast4: z.string().nullable(),
  expiresAt: isoTime,
  /** USDT: when the chain confirmations are expected to complete. */
  confirmAt: isoTime.nullable(),
  paidAt: isoTime.nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoTime,
});
export type TopupOrder = z.infer<typeof topupOrder>;

export const qrCreate = endpoint({
  id: 'finance.qrCreate',
  method: 'POST',
  path: '/api/account/recharge/qrCreate',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  idempotent: true,
  summary:
    'Create an online top-up order (WeChat, Alipay, UnionPay QR, USDT-TRC20) with its QR payload and expiry. ' +
    'Bank-card orders (channel bank_card) also need the e-mail code of recharge/getCode and the card number.',
  request: channelAndAmount.extend({
    /** bank_card only: the code mailed by recharge/getCode. */
    code: optionalText(mailCode),
    /** bank_card only: the paying card (13-19 digits, Luhn); only its last four digits are kept. */
    cardNo: optionalText(
      z
        .string()
        .trim()
        .regex(/^\d{13,19}$/, { error: 'common:validation.cardNo' }),
    ),
  }),
  response: topupOrder,
});

const orderRef = z.object({ orderId: requiredText(64) });

export const rechargeCheck = endpoint({
  id: 'finance.rechargeCheck',
  method: 'POST',
  path: '/api/account/recharge/check',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  audited: false,
  summary: '"I have paid": asks the channel for the order state and settles it if the channel says paid.',
  request: orderRef,
  response: topupOrder,
});

export const rechargeStatus = endpoint({
  id: 'finance.rechargeStatus',
  method: 'GET',
  path: '/api/account/recharge/status',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'The stored state of an order (polled by the PWA while the QR sheet is open).',
  request: orderRef,
  response: topupOrder,
});

export const rechargeGetCode = endpoint({
  id: 'finance.rechargeGetCode',
  method: 'POST',
  path: '/api/account/recharge/getCode',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Mail the 6-digit code that confirms a bank-card top-up.',
  request: z.object({}),
  response: nothing,
});

export const bankLimitImg = endpoint({
  id: 'finance.bankLimitImg',
  method: 'GET',
  path: '/api/account/bankLimitImg',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  answer: 'image',
  media: SVG_MEDIA,
  summary: 'Image (SVG) of the per-bank limits of bank-card top-ups, in the language of the request.',
  request: z.object({}),
  response: nothing,
});

// ---------------------------------------------------------------------------------------------
// USD bank transfer forecasts

export const usBankDetails = z.object({
  beneficiary: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  swift: z.string(),
  /** Put in the transfer's memo so the payment can be matched to this customer. */
  reference: z.string(),
  minAmount: minorUnits,
});

export const usbank = endpoint({
  id: 'finance.usbank',
  method: 'POST',
  path: '/api/account/topup/usbank',
  encoding: 'form',
  auth: 'bearer',
  // The owner's receiving account and reference, for the owner's USD transfers (forecasts are `main`).
  permission: 'main',
  audited: false,
  summary: 'The receiving bank account for USD transfers, with this customer’s reference.',
  request: z.object({}),
  response: usBankDetails,
});

export const forecastStatus = z.enum(['submitted', 'approved', 'rejected', 'revoked', 'resubmitted']);
export type ForecastStatus = z.infer<typeof forecastStatus>;

export const forecastFields = z.object({
  amount: amountMinor.pipe(
    z
      .number()
      .min(USD_TRANSFER_MIN, { error: 'common:validation.usdTransferMin' })
      .max(USD_TRANSFER_MAX, { error: 'common:validation.amount' }),
  ),
  payerName: swiftText(TEXT_LIMITS.payerName),
  payerAccount: requiredText(64),
  bankArea: organisationName(TEXT_LIMITS.bankText),
  bankName: organisationName(TEXT_LIMITS.bankText),
  transferDate: calendarDate,
  bankTxnNo: requiredText(64),
  description: optionalText(z.string().trim().max(500, { error: 'common:validation.tooLong' })),
  /** The id answered by topup/upload. */
  proofFileId: requiredText(64),
});

export const forecastView = z.object({
  id: z.string(),
  currency: z.literal('USD'),
  amount: minorUnits,
  status: forecastStatus,
  payerName: z.string(),
  payerAccount: z.string(),
  bankArea: z.string(),
  bankName: z.string(),
  transferDate: z.string(),
  bankTxnNo: z.string(),
  description: z.string().nullable(),
  proofFileId: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** What the customer may do now (from the state machine), so the PWA shows only legal actions. */
  canRevoke: z.boolean(),
  canResubmit: z.boolean(),
});
export type ForecastView = z.infer<typeof forecastView>;

export const bankTransfer = endpoint({
  id: 'finance.bankTransfer',
  method: 'POST',
  path: '/api/account/topup/bankTransfer',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  idempotent: true,
  summary: 'Forecast a USD bank transfer (business accounts only); credited when a reviewer approves it.',
  request: forecastFields,
  response: forecastView,
});

const forecastRef = z.object({ id: requiredText(64) });

export const topupCancel = endpoint({
  id: 'finance.topupCancel',
  method: 'POST',
  path: '/api/account/topup/cancel',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Revoke a forecast that is waiting for review.',
  request: forecastRef,
  response: forecastView,
});

export const topupSubmit = endpoint({
  id: 'finance.topupSubmit',
  method: 'POST',
  path: '/api/account/topup/submit',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  idempotent: true,
  summary: 'Resubmit a rejected or revoked forecast with corrected fields.',
  request: forecastFields.extend(forecastRef.shape),
  response: forecastView,
});

export const topupPage = endpoint({
  id: 'finance.topupPage',
  method: 'GET',
  path: '/api/account/topup/page',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'The account’s USD transfer forecasts, newest first (financeAudit).',
  request: pageQuery.extend({ status: optionalText(forecastStatus) }),
  response: pageOf(forecastView),
});

export const uploadAnswer = z.object({ fileId: z.string(), url: z.string() });

export const topupUpload = endpoint({
  id: 'finance.topupUpload',
  method: 'POST',
  path: '/api/account/topup/upload',
  encoding: 'multipart',
  auth: 'bearer',
  permission: 'main',
  summary: 'Upload the proof image of a transfer (JPG, GIF, PNG or BMP by content, at most 3 MB).',
  request: z.object({ file: z.instanceof(File, { error: 'common:validation.file' }) }),
  response: uploadAnswer,
});

export const fileView = endpoint({
  id: 'file.view',
  method: 'GET',
  path: '/api/file/view',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  answer: 'file',
  media: IMAGE_MEDIA,
  summary: 'An uploaded file, to its owner only.',
  request: z.object({ id: requiredText(64) }),
  response: nothing,
});

// ---------------------------------------------------------------------------------------------
// Financial breakdown

/** Why a wallet balance moved; one flow row per wallet entry. */
export const FLOW_TYPES = [
  'topup',
  'fee',
  'transfer_in',
  'card_open',
  'card_recharge',
  'card_withdraw',
  'card_refund',
  'rebate',
  'reversal',
] as const;
export const flowType = z.enum(FLOW_TYPES, { error: 'common:validation.invalidField' });
export type FlowType = z.infer<typeof flowType>;

export const flowRow = z.object({
  /** Transaction number; several rows share it when one movement touched the wallet twice. */
  txnNo: z.string(),
  type: flowType,
  currency: currencyCode,
  /** Signed: positive into the wallet, negative out of it. */
  amount: minorUnits,
  /** The wallet balance right after this row. */
  balance: minorUnits,
  cardSerial: z.string().nullable(),
  label: z.string().nullable(),
  /** What happened, as a sentence in the reader's language, built by the server from the fields. */
  summary: z.string(),
  /** The neutral reference behind the sentence (channel and order, segment ids, merchant): for details. */
  description: z.string(),
  createdAt: isoTime,
});
export type FlowRow = z.infer<typeof flowRow>;

export const flowFilter = z.object({
  type: optionalText(flowType),
  currency: optionalText(currencyCode),
  /** Inclusive calendar dates in the customer's view (UTC+8 for the whole product). */
  startDate: optionalText(calendarDate),
  endDate: optionalText(calendarDate),
  cardSerial: optionalText(z.string().trim().max(64)),
  txnNo: optionalText(z.string().trim().max(64)),
});

export const flowPage = endpoint({
  id: 'finance.flowPage',
  method: 'POST',
  path: '/api/account/flowPage',
  encoding: 'form',
  auth: 'bearer',
  permission: 'finance:record',
  audited: false,
  summary: 'The financial breakdown: wallet movements, newest first, filtered and paged.',
  request: pageQuery.extend(flowFilter.shape),
  response: pageOf(flowRow),
});

export const flowDown = endpoint({
  id: 'finance.flowDown',
  method: 'GET',
  path: '/api/account/flowDown',
  encoding: 'query',
  auth: 'bearer',
  permission: 'finance:record',
  answer: 'file',
  media: SPREADSHEET_MEDIA,
  /** A read, but it hands customer financial data out in bulk: every export is in the operation log. */
  audited: true,
  summary: 'Exactly the filtered flow rows as an XLSX (default) or CSV file, streamed.',
  request: flowFilter.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
  response: nothing,
});

export const financeEndpoints = [
  topupAmount,
  rechargeInfo,
  qrCreate,
  rechargeCheck,
  rechargeStatus,
  rechargeGetCode,
  bankLimitImg,
  usbank,
  bankTransfer,
  topupCancel,
  topupSubmit,
  topupPage,
  topupUpload,
  fileView,
  flowPage,
  flowDown,
];
