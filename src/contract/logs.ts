/** Login and operation logs of the signed-in account (spec §1, §7). */
import { z } from 'zod';
import { endpoint, isoTime, pageOf, pageQuery } from './core';
import { optionalText } from './fields';

export const logResult = z.enum(['success', 'failure']);
/** A sign-in's result; `continued`: its first step was right and it went on to the Google code. */
export const loginResult = z.enum(['success', 'failure', 'continued']);

export const loginLogEntry = z.object({
  id: z.string(),
  method: z.enum(['password', 'code', 'google', 'refresh', 'passkey']),
  result: loginResult,
  /** Why a failure failed, as a message key translated by the client. */
  reason: z.string().nullable(),
  ip: z.string(),
  /** The raw user-agent string: for the detail sheet only, never the list. */
  device: z.string(),
  /** The device as people read it, parsed on the server: "Chrome 131 · Android 14 · Pixel 5"; '' if unknown. */
  deviceText: z.string(),
  /** The parts of deviceText, for the client's icon and the detail sheet. */
  agent: z.object({
    browser: z.string().nullable(),
    browserVersion: z.string().nullable(),
    os: z.string().nullable(),
    osVersion: z.string().nullable(),
    model: z.string().nullable(),
    kind: z.enum(['mobile', 'tablet', 'desktop', 'tv', 'bot', 'unknown']),
  }),
  /** The account's first successful sign-in from this device family (docs/decisions.md). */
  newDevice: z.boolean(),
  createdAt: isoTime,
});

export const operateLogEntry = z.object({
  id: z.string(),
  /** The endpoint id of the call, e.g. `account.editByCode`. */
  action: z.string(),
  result: logResult,
  /** The answer code of the call. */
  code: z.number().int(),
  ip: z.string(),
  device: z.string(),
  createdAt: isoTime,
  /** Who acted: the owner, or a team member (its id, number and nickname as they are now). */
  actor: z.object({
    kind: z.enum(['main', 'sub']),
    subAccountId: z.string().nullable(),
    subUid: z.string().nullable(),
    nickname: z.string().nullable(),
  }),
  /** What the call concerned: cards (`label` is the serial) or a top-up order (`label` is its id). */
  subjectKind: z.enum(['card', 'order']).nullable(),
  subjects: z.array(z.object({ id: z.string(), label: z.string() })),
});

const loginFilter = pageQuery.extend({
  result: loginResult.optional(),
});

const operateFilter = pageQuery.extend({
  result: logResult.optional(),
  /** `main` for the owner's own calls, or a sub-account id for that member's. */
  actor: optionalText(z.string().trim().max(64)),
  /** A card (its id or serial) or a top-up order id the call concerned. */
  subject: optionalText(z.string().trim().max(64)),
});

export const loginLog = endpoint({
  id: 'logs.loginLog',
  method: 'GET',
  path: '/api/user/LoginLog',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Sign-in attempts of the account, newest first, each with its device parsed from the user agent and a mark on the first successful sign-in from a new device family.',
  request: loginFilter,
  response: pageOf(loginLogEntry),
});

export const operateLog = endpoint({
  id: 'logs.operateLog',
  method: 'GET',
  path: '/api/user/operateLog',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary:
    'State-changing calls of the account and its team, newest first, with who acted (owner or member) and the cards or order concerned; filtered by result, actor (`main` or a sub-account id) and subject (a card id or serial, or an order id).',
  request: operateFilter,
  response: pageOf(operateLogEntry),
});

export const logsEndpoints = [loginLog, operateLog];
