/**
 * The optional spending-rule columns of the import (issue 33 §3): parsed cell by cell, refused with
 * translated reasons (and nothing opened or charged), and an older file without them still valid.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportCost, ImportProblem } from '@contract/cards';
import { importDataCost, importTemplate } from '@contract/cards';
import type { Envelope } from '@contract/core';
import { NO_SPEND_RULES } from '@contract/spending';
import { spendingTemplateSave } from '@contract/spending-templates';
import { fileTestApp } from '../../../testing/file-app';
import { funded, SUBSCRIPTIONS, walletBalance } from '../../../testing/card-kit';
import { parseRuleCells } from './rule-columns';
import { columnHeaders } from './template-columns';

const t = fileTestApp();

const CARD = [SUBSCRIPTIONS, '10.00', 'Grace', 'Hopper', '1 Main St', 'Boston', 'MA', '02108', 'US', 'ads'];

describe('rule cells', () => {
  it('reads limits, lists in either language, EU, yes/no; no cells is no rules', () => {
    expect(parseRuleCells({}, new Map())).toEqual({ rules: null, problems: [] });
    expect(parseRuleCells({ dailyLimit: '', singleUse: '' }, new Map()).rules).toBeNull();
    const { rules, problems } = parseRuleCells(
      {
        perAuthorizationLimit: '50',
        monthlyLimit: '1,000.50',
        allowedCategories: 'advertising, 软件与 SaaS',
        blockedCountries: 'cn，ru',
        singleUse: '是',
      },
      new Map(),
    );
    expect(problems).toEqual([]);
    expect(rules).toEqual({
      ...NO_SPEND_RULES,
      perAuthorization: 5000,
      monthly: 100050,
      categories: { mode: 'allow', groups: ['advertising', 'software'] },
      countries: { mode: 'block', countries: ['CN', 'RU'] },
      singleUse: true,
    });
    expect(parseRuleCells({ allowedCountries: 'EU' }, new Map()).rules?.countries?.countries).toHaveLength(
      27,
    );
  });

  it('a template by name is the base; the row’s own cells win', () => {
    const templates = new Map([
      [
        'ads only',
        {
          ...NO_SPEND_RULES,
          daily: 10_000,
          categories: { mode: 'allow' as const, groups: ['advertising' as const] },
        },
      ],
    ]);
    const { rules } = parseRuleCells({ spendTemplate: 'ADS ONLY', dailyLimit: '50' }, templates);
    expect(rules).toMatchObject({ daily: 5000, categories: { mode: 'allow', groups: ['advertising'] } });
  });

  it('each wrong cell names its column and why', () => {
    const wrong = parseRuleCells(
      {
        spendTemplate: 'nope',
        dailyLimit: '-5',
        allowedCategories: 'casinos',
        allowedCountries: 'US',
        blockedCountries: 'CN',
        singleUse: 'maybe',
      },
      new Map(),
    );
    expect(wrong.rules).toBeNull();
    expect(wrong.problems.map((p) => [p.column, p.key])).toEqual([
      ['spendTemplate', 'server:spendingTemplates.importTemplateUnknown'],
      ['dailyLimit', 'server:cardOpen.import.amountFormat'],
      ['allowedCategories', 'server:spendingTemplates.importList.allowedCategories'],
      ['blockedCountries', 'server:spendingTemplates.importAllowOrBlock'],
      ['singleUse', 'server:spendingTemplates.importYesNo'],
    ]);
    expect(parseRuleCells({ dailyLimit: '100', monthlyLimit: '50' }, new Map()).problems).toEqual([
      { column: 'monthlyLimit', key: 'spending:validation.limitOrder' },
    ]);
  });
});

async function sheetFile(header: string[], rows: (string | null)[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Cards');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function cost(token: string, file: Uint8Array<ArrayBuffer>, lang: 'en' | 'zh-CN' = 'en') {
  const form = new FormData();
  form.set(
    'file',
    new File([file], 'cards.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  form.set('unit', 'USD');
  const res = await t.raw(importDataCost.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    body: form,
  });
  return (await res.json()) as Envelope;
}

describe('importing with rule columns', () => {
  it('the template carries the rule columns after the card columns', async () => {
    const me = await funded(t);
    const res = await t.raw(importTemplate.path, {
      headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'en' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const header = (workbook.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 10)).toEqual(columnHeaders('en'));
    expect(header.slice(10)).toEqual([
      'Spending template',
      'Limit per payment',
      'Daily limit',
      'Monthly limit',
      'Lifetime limit',
      'Allowed categories',
      'Blocked categories',
      'Allowed countries',
      'Blocked countries',
      'Single use',
    ]);
  });

  it('an older file without rule columns, and one with some of them in any order, both import', async () => {
    const me = await funded(t, { usd: 100_000 });
    const old = await cost(me.token, await sheetFile(columnHeaders('en'), [CARD]));
    expect(old.code).toBe(200);
    expect((old.data as ImportCost).count).toBe(1);
    await t.api(
      spendingTemplateSave,
      { name: 'Ads only', rules: { categories: { mode: 'allow', groups: ['advertising'] } } },
      { token: me.token },
    );
    const some = await cost(
      me.token,
      await sheetFile(
        [...columnHeaders('zh-CN'), '单笔限额', 'Spending template'],
        [
          [...CARD, '100', 'Ads only'],
          [...CARD, '', ''],
        ],
      ),
    );
    expect(some.code).toBe(200);
    expect((some.data as ImportCost).count).toBe(2);
  });

  it('a wrong rule cell refuses the file with every problem in the caller’s language; nothing is charged', async () => {
    const me = await funded(t, { usd: 100_000 });
    const before = await walletBalance(t, me.accountId, 'USD');
    const file = await sheetFile(
      [...columnHeaders('en'), 'Daily limit', 'Allowed categories', 'Blocked categories', 'Single use'],
      [
        [...CARD, 'ten', '', '', ''],
        [...CARD, '', 'advertising', 'travel', 'maybe'],
        [...CARD, '20', 'advertising', '', 'no'],
      ],
    );
    const en = await cost(me.token, file);
    expect(en.code).toBe(422);
    expect((en.data as { problems: ImportProblem[] }).problems).toEqual([
      { row: 2, column: 'Daily limit', reason: expect.any(String) },
      {
        row: 3,
        column: 'Blocked categories',
        reason: 'Fill in either the allowed or the blocked list, not both',
      },
      { row: 3, column: 'Single use', reason: 'Single use: enter yes or no' },
    ]);
    const zh = await cost(me.token, file, 'zh-CN');
    expect((zh.data as { problems: ImportProblem[] }).problems[2]).toEqual({
      row: 3,
      column: '一次性',
      reason: '一次性：请填写“是”或“否”',
    });
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(before);
  });

  it('an unknown column after the card columns refuses the file', async () => {
    const me = await funded(t, { usd: 100_000 });
    const res = await cost(
      me.token,
      await sheetFile([...columnHeaders('en'), 'Favourite colour'], [[...CARD, 'red']]),
    );
    expect([res.code, res.msg]).toEqual([400, expect.any(String)]);
  });
});
