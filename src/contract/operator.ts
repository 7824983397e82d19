/**
 * The operator console's contract (issue 31; architecture.md "Operator console"): the issuer's own
 * staff, who are not customers. Their roles, the permission ids each role holds, and every console
 * endpoint, declared once with `operatorEndpoint()`. The server's operator registrar
 * (server/modules/operator/guard.ts) enforces `permission` on every call; the console's router
 * hides what the role lacks with the same ids; the role × endpoint test walks `operatorEndpoints`.
 *
 * Operator endpoints live under `/api/operator/`, apart from the customer contract (`allEndpoints`):
 * an operator token is refused by every customer call and a customer token by every operator call.
 *
 * To add a console call: declare it here (or in a file of its own that this list spreads) with a
 * permission below, append it to `operatorEndpoints`, and register its handler with the operator
 * registrar. The role × endpoint test then covers it with no further entry.
 */
import { z } from 'zod';
import type { EndpointDef, HttpMethod, Encoding, AnswerKind } from './core';
import { isoTime, minorUnits, pageOf, pageQuery, nothing } from './core';
import { forecastView } from './finance';

export const OPERATOR_ROLES = ['finance', 'compliance', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The permission ids, each with the roles that hold it (admin holds every one). Titles:
 * `console:permissions.<id>` in the locale files.
 */
const PERMISSION_ROLES = {
  /** USD bank-transfer forecasts: the queue, the proof, approve or reject. */
  'forecasts.review': ['finance'],
  /** Agent bank withdrawals when no payout provider is configured: pay or fail. */
  'payouts.review': ['finance'],
  /** Identity orders when no identity provider is configured. */
  'identity.review': ['compliance'],
  /** Notices: write, preview, schedule, publish, retire (op-content). */
  'notices.manage': ['support'],
  /** Customer look-up, read only (op-content). */
  'customers.read': ['support'],
  /** Freeze and unfreeze a customer account with a reason (op-content). */
  'customers.freeze': ['support'],
  /** Card segments, fees, rate plans, coupons: view and change (op-content). */
  'segments.manage': [],
  'fees.manage': [],
  'plans.manage': [],
  'coupons.manage': [],
  /** Operator accounts: list, add (set-up link), disable. */
  'operators.manage': [],
  /** The audit log: read and export. */
  'audit.read': [],
} as const satisfies Record<string, readonly Exclude<OperatorRole, 'admin'>[]>;

export type OperatorPermission = keyof typeof PERMISSION_ROLES;
export const OPERATOR_PERMISSIONS = Object.keys(PERMISSION_ROLES) as OperatorPermission[];

/** The permission ids a role holds. */
export function permissionsOf(role: OperatorRole): OperatorPermission[] {
  if (role === 'admin') return [...OPERATOR_PERMISSIONS];
  return OPERATOR_PERMISSIONS.filter((id) => (PERMISSION_ROLES[id] as readonly string[]).includes(role));
}

export function roleHolds(role: OperatorRole, permission: OperatorPermission | 'any'): boolean {
  return permission === 'any' || permissionsOf(role).includes(permission);
}

/**
 * An operator endpoint. `auth: 'operator'` needs an operator session token (Bearer) and the
 * `permission` (`any`: every signed-in operator); `auth: 'none'` is public (sign-in, set-up).
 * `stepUp`: the request carries `totpCode`, a fresh code of the operator's authenticator, checked
 * and spent before the handler runs (decisions.md "Operator console").
 */
export interface OperatorEndpointDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> extends Omit<EndpointDef<Req, Res>, 'auth' | 'permission' | 'path' | 'idempotent' | 'audited'> {
  id: `operator.${string}`;
  method: HttpMethod;
  path: `/api/operator/${string}`;
  encoding: Encoding;
  auth: 'operator' | 'none';
  permission?: OperatorPermission | 'any';
  stepUp?: boolean;
  answer?: AnswerKind;
}

export type OperatorRequestOf<E> = E extends OperatorEndpointDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type OperatorParsedRequestOf<E> =
  E extends OperatorEndpointDef<infer Req, z.ZodType> ? z.output<Req> : never;
export type OperatorResponseOf<E> =
  E extends OperatorEndpointDef<z.ZodType, infer Res> ? z.output<Res> : never;

export function operatorEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  def: OperatorEndpointDef<Req, Res>,
): OperatorEndpointDef<Req, Res> {
  return def;
}

const email = z.string().trim().toLowerCase().email({ error: 'common:validation.email' }).max(200);
const totpCode = z.string().regex(/^\d{6}$/, { error: 'console:errors.codeShape' });
const reason = z.string().trim().min(1, { error: 'console:errors.reasonRequired' }).max(500);
const id = z.string().min(1).max(64);

// ---- Accounts, sign-in, set-up -------------------------------------------------------------------

export const operatorTokens = z.object({
  access_token: z.string(),
  /** When the session ends at the latest (the absolute limit), epoch ms; idle ends it earlier. */
  session_overtime: z.number().int(),
});
export type OperatorTokens = z.infer<typeof operatorTokens>;

export const operatorMe = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.string()),
});
export type OperatorMe = z.infer<typeof operatorMe>;

export const operatorSignIn = operatorEndpoint({
  id: 'operator.signIn',
  method: 'POST',
  path: '/api/operator/signIn',
  encoding: 'json',
  auth: 'none',
  answers: [423],
  summary: 'Operator sign-in: e-mail, password and the authenticator code, all three at once.',
  request: z.object({ email, password: z.string().min(1).max(200), totpCode }),
  response: operatorTokens,
});

export const operatorSignOut = operatorEndpoint({
  id: 'operator.signOut',
  method: 'POST',
  path: '/api/operator/signOut',
  encoding: 'json',
  auth: 'operator',
  permission: 'any',
  summary: 'Ends the operator session.',
  request: z.object({}),
  response: nothing,
});

export const operatorWhoAmI = operatorEndpoint({
  id: 'operator.me',
  method: 'GET',
  path: '/api/operator/me',
  encoding: 'query',
  auth: 'operator',
  permission: 'any',
  summary: 'The signed-in operator, its role and permission ids.',
  request: z.object({}),
  response: operatorMe,
});

export const setupInfo = operatorEndpoint({
  id: 'operator.setupInfo',
  method: 'GET',
  path: '/api/operator/setup/info',
  encoding: 'query',
  auth: 'none',
  summary: 'What a set-up link is for: the address, the role and the authenticator secret to enrol.',
  request: z.object({ token: z.string().min(1).max(200) }),
  response: z.object({
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    totpSecret: z.string(),
    otpauthUri: z.string(),
  }),
});

export const completeSetup = operatorEndpoint({
  id: 'operator.setup',
  method: 'POST',
  path: '/api/operator/setup',
  encoding: 'json',
  auth: 'none',
  summary: 'Spends a set-up link: sets the password and enrols the authenticator (a code proves it).',
  request: z.object({
    token: z.string().min(1).max(200),
    password: z.string().min(10, { error: 'console:errors.passwordShort' }).max(200),
    totpCode,
  }),
  response: nothing,
});

export const operatorView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(['pending', 'active', 'disabled']),
  createdAt: isoTime,
  lastSignInAt: isoTime.nullable(),
});
export type OperatorView = z.infer<typeof operatorView>;

export const listOperators = operatorEndpoint({
  id: 'operator.operators',
  method: 'GET',
  path: '/api/operator/operators',
  encoding: 'query',
  auth: 'operator',
  permission: 'operators.manage',
  summary: 'Every operator account.',
  request: z.object({}),
  response: z.array(operatorView),
});

export const addOperator = operatorEndpoint({
  id: 'operator.addOperator',
  method: 'POST',
  path: '/api/operator/operators/add',
  encoding: 'json',
  auth: 'operator',
  permission: 'operators.manage',
  stepUp: true,
  summary: 'Adds an operator; answers its one-time set-up link (a path of the console).',
  request: z.object({ email, role: z.enum(OPERATOR_ROLES), totpCode }),
  response: z.object({ operator: operatorView, setupPath: z.string(), expiresAt: isoTime }),
});

export const disableOperator = operatorEndpoint({
  id: 'operator.disableOperator',
  method: 'POST',
  path: '/api/operator/operators/disable',
  encoding: 'json',
  auth: 'operator',
  permission: 'operators.manage',
  stepUp: true,
  summary: 'Disables an operator and ends its sessions (not oneself).',
  request: z.object({ id, reason, totpCode }),
  response: operatorView,
});

// ---- Audit ---------------------------------------------------------------------------------------

export const auditEntry = z.object({
  id: z.string(),
  at: isoTime,
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const auditFilter = z.object({
  action: z.string().max(100).optional(),
  operatorEmail: z.string().max(200).optional(),
  targetId: z.string().max(64).optional(),
});

export const listAudit = operatorEndpoint({
  id: 'operator.audit',
  method: 'GET',
  path: '/api/operator/audit',
  encoding: 'query',
  auth: 'operator',
  permission: 'audit.read',
  summary: 'The audit log, newest first.',
  request: pageQuery.extend(auditFilter.shape),
  response: pageOf(auditEntry),
});

export const exportAudit = operatorEndpoint({
  id: 'operator.auditExport',
  method: 'GET',
  path: '/api/operator/audit/export',
  encoding: 'query',
  auth: 'operator',
  permission: 'audit.read',
  answer: 'file',
  media: ['text/csv'],
  summary: 'The audit log (filtered as the list) as CSV, at most 10,000 rows, newest first.',
  request: auditFilter,
  response: nothing,
});

// ---- Reviews: forecasts, identity, payouts -------------------------------------------------------

export const forecastReviewItem = forecastView.extend({ accountId: z.string(), email: z.string() });
export type ForecastReviewItem = z.infer<typeof forecastReviewItem>;

export const forecastQueue = operatorEndpoint({
  id: 'operator.forecasts',
  method: 'GET',
  path: '/api/operator/forecasts',
  encoding: 'query',
  auth: 'operator',
  permission: 'forecasts.review',
  summary: 'USD transfer forecasts waiting for review, oldest first.',
  request: z.object({}),
  response: z.array(forecastReviewItem),
});

export const forecastProof = operatorEndpoint({
  id: 'operator.forecastProof',
  method: 'GET',
  path: '/api/operator/forecasts/proof',
  encoding: 'query',
  auth: 'operator',
  permission: 'forecasts.review',
  answer: 'image',
  summary: "A forecast's proof image.",
  request: z.object({ id }),
  response: nothing,
});

export const reviewForecastCall = operatorEndpoint({
  id: 'operator.reviewForecast',
  method: 'POST',
  path: '/api/operator/forecasts/review',
  encoding: 'json',
  auth: 'operator',
  permission: 'forecasts.review',
  summary: 'Approve (credits the USD wallet) or reject (with a reason) a forecast.',
  request: z.discriminatedUnion('action', [
    z.object({ id, action: z.literal('approve') }),
    z.object({ id, action: z.literal('reject'), reason }),
  ]),
  response: forecastView,
});

export const identityReviewItem = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.string(),
  status: z.string(),
  companyName: z.string().nullable(),
  personName: z.string().nullable(),
  idNumberTail: z.string().nullable(),
  documents: z.array(z.enum(['idFrontFileId', 'idBackFileId', 'selfieFileId', 'licenceFileId'])),
  items: z.array(z.object({ field: z.string(), question: z.string(), answeredAt: isoTime.nullable() })),
  updatedAt: isoTime,
});
export type IdentityReviewItemView = z.infer<typeof identityReviewItem>;

export const identityQueue = operatorEndpoint({
  id: 'operator.identity',
  method: 'GET',
  path: '/api/operator/identity',
  encoding: 'query',
  auth: 'operator',
  permission: 'identity.review',
  summary: 'Identity orders waiting for review (only when no identity provider is configured).',
  request: z.object({}),
  response: z.array(identityReviewItem),
});

export const identityDocument = operatorEndpoint({
  id: 'operator.identityDocument',
  method: 'GET',
  path: '/api/operator/identity/document',
  encoding: 'query',
  auth: 'operator',
  permission: 'identity.review',
  answer: 'image',
  summary: 'A document image of an identity order.',
  request: z.object({
    id,
    field: z.enum(['idFrontFileId', 'idBackFileId', 'selfieFileId', 'licenceFileId']),
  }),
  response: nothing,
});

export const reviewIdentityCall = operatorEndpoint({
  id: 'operator.reviewIdentity',
  method: 'POST',
  path: '/api/operator/identity/review',
  encoding: 'json',
  auth: 'operator',
  permission: 'identity.review',
  summary: 'Start, approve, reject (with a reason) or ask a question about an identity order.',
  request: z.discriminatedUnion('action', [
    z.object({ id, action: z.literal('start') }),
    z.object({ id, action: z.literal('approve') }),
    z.object({ id, action: z.literal('reject'), reason, resubmittable: z.boolean().default(true) }),
    z.object({ id, action: z.literal('ask'), field: z.string().max(40), question: reason }),
  ]),
  response: z.object({ id: z.string(), status: z.string() }),
});

export const payoutReviewItem = z.object({
  id: z.string(),
  email: z.string(),
  currency: z.string(),
  amount: minorUnits,
  fee: minorUnits,
  net: minorUnits,
  bankName: z.string().nullable(),
  cardMasked: z.string().nullable(),
  createdAt: isoTime,
});
export type PayoutReviewItem = z.infer<typeof payoutReviewItem>;

export const payoutQueue = operatorEndpoint({
  id: 'operator.payouts',
  method: 'GET',
  path: '/api/operator/payouts',
  encoding: 'query',
  auth: 'operator',
  permission: 'payouts.review',
  summary: 'Agent bank withdrawals waiting (only when no payout provider is configured).',
  request: z.object({}),
  response: z.array(payoutReviewItem),
});

export const settlePayoutCall = operatorEndpoint({
  id: 'operator.settlePayout',
  method: 'POST',
  path: '/api/operator/payouts/settle',
  encoding: 'json',
  auth: 'operator',
  permission: 'payouts.review',
  summary: 'Mark a bank withdrawal paid, or failed with a reason (the money goes back).',
  request: z.discriminatedUnion('action', [
    z.object({ id, action: z.literal('pay') }),
    z.object({ id, action: z.literal('fail'), reason }),
  ]),
  response: z.object({ id: z.string(), status: z.string() }),
});

/** What the console offers in this deployment (a desk with an outside provider is absent). */
export const consoleFeatures = operatorEndpoint({
  id: 'operator.features',
  method: 'GET',
  path: '/api/operator/features',
  encoding: 'query',
  auth: 'operator',
  permission: 'any',
  summary: 'Which review desks exist here: identity and payouts only without an outside provider.',
  request: z.object({}),
  response: z.object({ identityDesk: z.boolean(), payoutDesk: z.boolean() }),
});

/** Every operator endpoint: the registrar's list and the role × endpoint test's. */
export const operatorEndpoints: readonly OperatorEndpointDef[] = [
  operatorSignIn,
  operatorSignOut,
  operatorWhoAmI,
  setupInfo,
  completeSetup,
  consoleFeatures,
  listOperators,
  addOperator,
  disableOperator,
  listAudit,
  exportAudit,
  forecastQueue,
  forecastProof,
  reviewForecastCall,
  identityQueue,
  identityDocument,
  reviewIdentityCall,
  payoutQueue,
  settlePayoutCall,
];
