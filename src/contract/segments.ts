/**
 * Card segments and their prices (spec §7 "Groups and segments"): the BINs a customer can open cards
 * from, with the fees of the customer's rate plan already applied.
 */
import { z } from 'zod';
import { currencyCode, endpoint, minorUnits } from './core';
import { requiredText } from './fields';

export const segmentStatus = z.enum(['open', 'maintenance']);
export const cardNetwork = z.enum(['visa', 'mastercard']);

export const segmentView = z.object({
  id: z.string(),
  bin: z.string(),
  network: cardNetwork,
  currency: currencyCode,
  /** In the caller's language. */
  name: z.string(),
  status: segmentStatus,
  /** Per card, minor units of `currency`, after the rate plan (the lower of segment and plan). */
  openFee: minorUnits,
  /** Basis points of every load, after the rate plan. */
  rechargeFeeBp: z.number().int(),
  minFirstRecharge: minorUnits,
  /** Merchants the segment is known to suit. */
  merchants: z.array(z.string()),
});
export type SegmentView = z.infer<typeof segmentView>;

export const groupList = endpoint({
  id: 'segments.list',
  method: 'GET',
  path: '/api/group/list',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary: 'Every card segment, open or in maintenance, with the caller’s prices.',
  request: z.object({}),
  response: z.array(segmentView),
});

export const groupOpen = endpoint({
  id: 'segments.open',
  method: 'GET',
  path: '/api/group/open',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:open',
  summary: 'The segments cards can be opened from now (status open).',
  request: z.object({}),
  response: z.array(segmentView),
});

export const groupOpenAmount = endpoint({
  id: 'segments.openAmount',
  method: 'POST',
  path: '/api/group/openAmount',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:open',
  audited: false,
  summary: 'What opening one card of a segment takes: minimum first load and fees.',
  request: z.object({ segmentId: requiredText(64) }),
  response: z.object({
    segmentId: z.string(),
    currency: currencyCode,
    minFirstRecharge: minorUnits,
    openFee: minorUnits,
    rechargeFeeBp: z.number().int(),
    /** Cards this account may still open this calendar month under its plan. */
    monthlyCardsLeft: z.number().int(),
  }),
});

export const segmentsEndpoints = [groupList, groupOpen, groupOpenAmount] as const;
