/** Login and operation logs of the signed-in account (spec §1, §7). */
import { z } from 'zod';
import { endpoint, isoTime, pageOf, pageQuery } from './core';

export const logResult = z.enum(['success', 'failure']);

export const loginLogEntry = z.object({
  id: z.string(),
  method: z.enum(['password', 'code', 'google', 'refresh']),
  result: logResult,
  /** Why a failure failed, as a message key translated by the client. */
  reason: z.string().nullable(),
  ip: z.string(),
  device: z.string(),
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
});

const logFilter = pageQuery.extend({
  result: logResult.optional(),
});

export const loginLog = endpoint({
  id: 'logs.loginLog',
  method: 'GET',
  path: '/api/user/LoginLog',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Sign-in attempts of the account, newest first.',
  request: logFilter,
  response: pageOf(loginLogEntry),
});

export const operateLog = endpoint({
  id: 'logs.operateLog',
  method: 'GET',
  path: '/api/user/operateLog',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'State-changing calls of the account, newest first.',
  request: logFilter,
  response: pageOf(operateLogEntry),
});

export const logsEndpoints = [loginLog, operateLog];
