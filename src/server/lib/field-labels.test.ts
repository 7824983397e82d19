/**
 * Every validation message names the field in the reader's language (issue 13 §3: "ticket格式不正确"
 * showed a raw field name). The message is built from `server:fields.<name>`, so every field of
 * every request the contract declares needs that label in both languages.
 */
import { describe, expect, it } from 'vitest';
import { loginByGoogle } from '../../contract/auth';
import { allEndpoints } from '../../contract/index';
import { fileTestApp } from '../testing/file-app';
import { translate } from './i18n';
import { requestFieldsOf } from '../testing/request-fields';

const t = fileTestApp();

describe('field labels', () => {
  it('exist in both languages for every request field of the contract', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const endpoint of allEndpoints) {
      if (!endpoint.request) continue;
      for (const field of requestFieldsOf(endpoint.request)) {
        seen += 1;
        for (const lang of ['en', 'zh-CN'] as const)
          if (translate(lang, `server:fields.${field}`).startsWith('server:'))
            missing.push(`${lang} ${field} (${endpoint.id})`);
      }
    }
    expect(seen).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('name the field in the message of a refused request', async () => {
    const zh = await t.api(loginByGoogle, { ticket: '', googleCode: '123456' }, { lang: 'zh-CN' });
    expect(zh.body.code).toBe(400);
    expect(zh.body.msg).not.toMatch(/ticket/i);
    expect(zh.body.msg).toContain('登录验证凭证');
    const en = await t.api(loginByGoogle, { ticket: '', googleCode: '123456' }, { lang: 'en' });
    expect(en.body.msg).toContain('Sign-in step');
  });
});
