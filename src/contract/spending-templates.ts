/**
 * Spending-rule templates a customer saves ("Ads only", "SaaS, US and EU") and the preview of a
 * proposed rule set (issue 33 §3, §5). Templates belong to the customer (the main account and its
 * members share them, like tags); names are unique per customer after folding.
 *
 * The preview replays the card's (or the group's cards') authorizations of the last
 * PREVIEW_WINDOW_DAYS through the same rule evaluation the authorization path uses, and answers
 * how many it would have declined and which (newest first, at most PREVIEW_LIST_MAX listed).
 */
import { z } from 'zod';
import { endpoint, isoTime } from './core';
import { minorAmount } from './fields';
import { cardSpendRules, SPEND_RULE_REASONS } from './spending';

/**
 * Who may read and change templates: reading comes with the card list, changing needs the key that
 * changes a card's rules (`card:limits`, contract/permissions.ts; issue 33 "the member's role
 * decides"). The preview changes nothing: the card list is enough.
 */
export const SPENDING_VIEW_PERMISSION = 'card:list';
export const SPENDING_MANAGE_PERMISSION = 'card:limits';

export const TEMPLATE_NAME_MAX = 32;
export const TEMPLATES_MAX = 100;
export const PREVIEW_WINDOW_DAYS = 30;
export const PREVIEW_LIST_MAX = 100;

const templateName = z
  .string({ error: 'spendingTemplates:validation.nameRequired' })
  .trim()
  .min(1, { error: 'spendingTemplates:validation.nameRequired' })
  .max(TEMPLATE_NAME_MAX, { error: 'common:validation.tooLong' });

const id = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message });

export const spendingTemplateView = z.object({
  id: z.string(),
  name: z.string(),
  rules: cardSpendRules,
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type SpendingTemplateView = z.infer<typeof spendingTemplateView>;

export const spendingTemplateList = endpoint({
  id: 'spendingTemplates.list',
  method: 'GET',
  path: '/api/spending/template/list',
  encoding: 'query',
  auth: 'bearer',
  permission: SPENDING_VIEW_PERMISSION,
  summary: 'The customer’s saved spending-rule templates, by name.',
  request: z.object({}),
  response: z.array(spendingTemplateView),
});

export const spendingTemplateSave = endpoint({
  id: 'spendingTemplates.save',
  method: 'POST',
  path: '/api/spending/template/save',
  encoding: 'json',
  auth: 'bearer',
  permission: SPENDING_MANAGE_PERMISSION,
  summary:
    'Create a template (without `id`) or replace one (with `id`). 409 when the name is taken ' +
    '(case-insensitively); 422 past TEMPLATES_MAX templates.',
  request: z.object({
    id: id('spendingTemplates:validation.chooseTemplate').optional(),
    name: templateName,
    rules: cardSpendRules,
  }),
  response: spendingTemplateView,
});

export const spendingTemplateRemove = endpoint({
  id: 'spendingTemplates.remove',
  method: 'POST',
  path: '/api/spending/template/remove',
  encoding: 'json',
  auth: 'bearer',
  permission: SPENDING_MANAGE_PERMISSION,
  summary: 'Delete a template. Cards whose rules came from it keep their rules.',
  request: z.object({ id: id('spendingTemplates:validation.chooseTemplate') }),
  response: z.null(),
});

export const previewItem = z.object({
  authorizationId: z.string(),
  cardId: z.string(),
  last4: z.string(),
  merchantName: z.string(),
  merchantCategory: z.string(),
  merchantCountry: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  at: isoTime,
  rule: z.enum(SPEND_RULE_REASONS),
});
export type PreviewItem = z.infer<typeof previewItem>;

export const spendingPreviewAnswer = z.object({
  from: isoTime,
  until: isoTime,
  /** Authorizations of the window that were approved (only these could newly be declined). */
  considered: z.number().int(),
  /** How many of them the proposed rules would have declined. */
  declined: z.number().int(),
  /** Which, newest first, at most PREVIEW_LIST_MAX. */
  items: z.array(previewItem),
});
export type SpendingPreview = z.infer<typeof spendingPreviewAnswer>;

export const spendingPreview = endpoint({
  id: 'spendingTemplates.preview',
  method: 'POST',
  path: '/api/spending/preview',
  encoding: 'json',
  auth: 'bearer',
  permission: SPENDING_VIEW_PERMISSION,
  audited: false,
  summary:
    'How many of the card’s (or the group’s cards’) approved authorizations of the last 30 days ' +
    'the proposed rules (and, for a group, monthly budget) would have declined, and which. Changes nothing.',
  request: z
    .object({
      cardId: id('spendingTemplates:validation.chooseCard').optional(),
      groupId: id('spendingTemplates:validation.chooseGroup').optional(),
      rules: cardSpendRules.nullable().optional(),
      monthlyBudget: minorAmount('spending:validation.limit').nullable().optional(),
    })
    .refine((t) => (t.cardId === undefined) !== (t.groupId === undefined), {
      error: 'spendingTemplates:validation.cardOrGroup',
      path: ['cardId'],
    }),
  response: spendingPreviewAnswer,
});

/** Most cards one bulk set names (a group's cards are not limited). */
export const BULK_RULES_MAX = 500;

export const setRulesBulk = endpoint({
  id: 'spendingTemplates.setRulesBulk',
  method: 'POST',
  path: '/api/card/setSpendRulesBulk',
  encoding: 'json',
  auth: 'bearer',
  permission: SPENDING_MANAGE_PERMISSION,
  // Each card's change is its own operation-log entry (before and after), written with the change.
  audited: false,
  summary:
    'Replace the spending rules of a selection of cards (`cardIds`) or of every card of a group ' +
    '(`groupId`) with `rules` or a saved template (`templateId`), in one transaction: all cards or ' +
    'none. Repeating the call changes nothing more. Each card gets an operation-log entry with its ' +
    'rules before and after.',
  request: z
    .object({
      cardIds: z
        .array(id('spendingTemplates:validation.chooseCard'))
        .min(1, { error: 'spendingTemplates:validation.chooseCard' })
        .max(BULK_RULES_MAX, { error: 'spendingTemplates:validation.tooManyCards' })
        .optional(),
      groupId: id('spendingTemplates:validation.chooseGroup').optional(),
      rules: cardSpendRules.optional(),
      templateId: id('spendingTemplates:validation.chooseTemplate').optional(),
    })
    .refine((t) => (t.cardIds === undefined) !== (t.groupId === undefined), {
      error: 'spendingTemplates:validation.cardsOrGroup',
      path: ['cardIds'],
    })
    .refine((t) => (t.rules === undefined) !== (t.templateId === undefined), {
      error: 'spendingTemplates:validation.rulesOrTemplate',
      path: ['rules'],
    }),
  response: z.object({ changed: z.number().int(), cardIds: z.array(z.string()) }),
});

export const spendingTemplatesEndpoints = [
  setRulesBulk,
  spendingTemplateList,
  spendingTemplateSave,
  spendingTemplateRemove,
  spendingPreview,
] as const;
