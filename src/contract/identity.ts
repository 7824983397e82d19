/**
 * Identity verification (spec §7 "Identity"; issue 16 §2): the customer's one verification order
 * (KYC for a person, KYB for a business), its state, the reviewer's item-by-item questions and their
 * answers, and the uploads the order points at. Main account only.
 */
import { z } from 'zod';
import { endpoint, isoTime } from './core';
import { calendarDate, uploadAnswer } from './finance';
import { optionalText, requiredText } from './fields';
import { IDENTITY_LEVELS, ITEM_FIELDS } from './identity-rules';
import { documentName, organisationName, TEXT_LIMITS } from './text-rules';

export const IDENTITY_STATUS = [
  'draft',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'needs_info',
  'expired',
] as const;
export type IdentityStatus = (typeof IDENTITY_STATUS)[number];

const fileId = requiredText(64);

export const identityFields = z.object({
  personName: optionalText(documentName(TEXT_LIMITS.personName)),
  idType: optionalText(z.enum(['id_card', 'passport'], { error: 'common:validation.required' })),
  idNumber: optionalText(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{5,30}$/, { error: 'identity:validation.idNumber' }),
  ),
  idExpiresOn: optionalText(calendarDate),
  idFrontFileId: optionalText(fileId),
  idBackFileId: optionalText(fileId),
  selfieFileId: optionalText(fileId),
  companyName: optionalText(organisationName(TEXT_LIMITS.companyName)),
  registrationNumber: optionalText(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{5,40}$/, { error: 'identity:validation.registrationNumber' }),
  ),
  licenceFileId: optionalText(fileId),
});
export type IdentityFieldsInput = z.infer<typeof identityFields>;

export const identityItemView = z.object({
  id: z.string(),
  field: z.enum(ITEM_FIELDS),
  question: z.string(),
  answerText: z.string().nullable(),
  answerFileId: z.string().nullable(),
  answeredAt: isoTime.nullable(),
});
export type IdentityItemView = z.infer<typeof identityItemView>;

export const identityOrderView = z.object({
  id: z.string(),
  kind: z.enum(['individual', 'business']),
  status: z.enum(IDENTITY_STATUS),
  personName: z.string().nullable(),
  idType: z.enum(['id_card', 'passport']).nullable(),
  /** Only the last four characters: the full number is never sent back. */
  idNumberTail: z.string().nullable(),
  idExpiresOn: z.string().nullable(),
  idFrontFileId: z.string().nullable(),
  idBackFileId: z.string().nullable(),
  selfieFileId: z.string().nullable(),
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  licenceFileId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** For a rejected order: whether it may be corrected and sent again. */
  resubmittable: z.boolean().nullable(),
  submittedAt: isoTime.nullable(),
  approvedAt: isoTime.nullable(),
  expiresAt: isoTime.nullable(),
  updatedAt: isoTime,
  /** Whether the customer may change the order now (draft, resubmittable rejection, expiry). */
  editable: z.boolean(),
  items: z.array(identityItemView),
});
export type IdentityOrderView = z.infer<typeof identityOrderView>;

export const identityStatusView = z.object({
  level: z.enum(IDENTITY_LEVELS),
  order: identityOrderView.nullable(),
  /** Required fields the order still lacks for its kind (empty when complete or without an order). */
  missing: z.array(z.string()),
  /** Per currency: what an unverified account has topped up and may top up in all. */
  topupCeiling: z.array(z.object({ currency: z.string(), used: z.number(), ceiling: z.number() })),
});
export type IdentityStatusView = z.infer<typeof identityStatusView>;

export const identityOrder = endpoint({
  id: 'identity.order',
  method: 'POST',
  path: '/api/identity/order',
  encoding: 'json',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Create or update the verification order (`save` keeps a draft, `submit` sends it for review; a rejected resubmittable or expired order is corrected the same way).',
  request: identityFields.extend({
    action: z.enum(['save', 'submit'], { error: 'common:validation.required' }),
    kind: z.enum(['individual', 'business'], { error: 'identity:validation.kind' }),
  }),
  response: identityStatusView,
});

export const identityGetStatus = endpoint({
  id: 'identity.getStatus',
  method: 'POST',
  path: '/api/identity/getStatus',
  encoding: 'json',
  auth: 'bearer',
  permission: 'main',
  audited: false,
  summary: "The account's verification level, its order and what the order still lacks.",
  request: z.object({}),
  response: identityStatusView,
});

export const identityAnswer = endpoint({
  id: 'identity.answer',
  method: 'POST',
  path: '/api/identity/answer',
  encoding: 'json',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Answer one "needs more information" item: a text, or an uploaded image for a document item. When every item is answered the order goes back for review.',
  request: z.object({
    itemId: requiredText(64),
    text: optionalText(requiredText(500)),
    fileId: optionalText(fileId),
  }),
  response: identityStatusView,
});

export const identityUpload = endpoint({
  id: 'identity.upload',
  method: 'POST',
  path: '/api/identity/upload',
  encoding: 'multipart',
  auth: 'bearer',
  permission: 'main',
  summary: 'Upload one document image of the order (JPG, GIF, PNG or BMP by content, at most 3 MB).',
  request: z.object({ file: z.instanceof(File, { error: 'common:validation.file' }) }),
  response: uploadAnswer,
});

export const identityEndpoints = [identityOrder, identityGetStatus, identityAnswer, identityUpload];
