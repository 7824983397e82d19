/**
 * NUL bytes and lone surrogates are refused at the contract boundary with 400 naming the field
 * (issue 13 §3), and a failed query's bound values never reach the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editByCode, editCode } from '../../contract/account';
import { signupCode } from '../../contract/auth';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';
import { signedInAccount } from '../testing/signed-in';
import { withoutBoundValues } from './envelope';
import { unstorableFields } from './route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('unstorable characters', () => {
  it('finds NUL bytes and lone surrogates anywhere, and accepts real pairs (emoji)', () => {
    expect(unstorableFields({ a: 'ok 😀', b: ['x', 'y\u0000'], c: { d: '\uD800' }, e: 'z\uDC00' })).toEqual([
      'b.1',
      'c.d',
      'e',
    ]);
    expect(unstorableFields({ nickname: 'Ann 😀', n: 5 })).toEqual([]);
  });

  it('answers 400 naming the field, in JSON, forms and queries, and changes nothing', async () => {
    const me = await signedInAccount(t);
    const form = await t.api(
      editByCode,
      { code: '123456', nickname: 'Ann\u0000' },
      { token: me.token, lang: 'en' },
    );
    expect(form.body).toMatchObject({ code: 400, data: { fields: ['nickname'] } });
    expect(form.body.msg).toContain('cannot be stored');
    const json = await t.api(
      editByCode,
      { code: '123456', nickname: 'Ann\uD83D' },
      { token: me.token, json: true, lang: 'zh-CN' },
    );
    expect(json.body).toMatchObject({ code: 400, data: { fields: ['nickname'] } });
    expect(json.body.msg).toContain('无法保存');
    const query = await t.api(editCode, { email: 'a\u0000@example.com' }, { token: me.token });
    expect(query.body.code).toBe(400);
    const signedOut = await t.api(signupCode, { email: 'x\u0000@example.com' });
    expect(signedOut.body.code).toBe(400);
  });

  it('strips the bound values of a failed query from what is logged', () => {
    const stack =
      'Error: Failed query: insert into "accounts" ("email") values ($1)\nparams: victim@example.com,Jane Doe\n    at run (x.js:1:1)';
    const logged = withoutBoundValues(stack);
    expect(logged).toContain('Failed query: insert into "accounts"');
    expect(logged).not.toContain('victim@example.com');
    expect(logged).toContain('at run');
  });
});
