import { describe, expect, it } from 'vitest';
import type { StepNeeded, Tokens } from '../../../contract/auth';
import {
  forgetPwdCode,
  forgetPwdSubmit,
  loginByCode,
  loginByGoogle,
  loginCode,
  loginPwd,
  logout,
  refreshToken,
} from '../../../contract/auth';
import { loginLogs } from '../../db/schema';
import { googleCodeAt } from '../../lib/totp';
import { fileLogLines, fileTestApp } from '../../testing/file-app';
import { bindGoogle, captchaTicket, WRONG_PASSWORD } from '../../testing/auth';

const t = fileTestApp();
const lines = fileLogLines(t);

describe('secrets stay out of the logs', () => {
  it('no password, code, token or ticket of a full round of auth flows appears in a log line or login log row', async () => {
    const secrets: string[] = [WRONG_PASSWORD];
    const { email, password, userId } = await t.register();
    secrets.push(password, await t.latestCode(email));

    for (let i = 0; i < 3; i++) await t.api(loginPwd, { username: email, password: WRONG_PASSWORD });
    const ticket = await captchaTicket(t);
    secrets.push(ticket);
    const tokens = (await t.api(loginPwd, { username: email, password, captchaTicket: ticket })).body
      .data as Tokens;
    secrets.push(tokens.access_token, tokens.refresh_token);
    const rotated = (
      await t.api(refreshToken, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).body.data as Tokens;
    secrets.push(rotated.access_token, rotated.refresh_token);
    await t.api(refreshToken, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }); // reuse

    t.advance(61_000);
    await t.api(loginCode, { email });
    const loginCodeValue = await t.latestCode(email);
    secrets.push(loginCodeValue);
    const secret = await bindGoogle(t, userId);
    secrets.push(secret);
    const step = (await t.api(loginByCode, { username: email, code: loginCodeValue })).body
      .data as StepNeeded;
    if (step.need !== 'google') throw new Error('expected the Google step');
    secrets.push(step.ticket);
    t.advance(30_000);
    const googleCode = googleCodeAt(secret, t.ctx.now());
    secrets.push(googleCode);
    const final = (await t.api(loginByGoogle, { ticket: step.ticket, googleCode })).body.data as Tokens;
    secrets.push(final.access_token, final.refresh_token);
    await t.api(logout, {}, { token: final.access_token });

    t.advance(61_000);
    await t.api(forgetPwdCode, { email });
    const resetCode = await t.latestCode(email);
    const newPassword = 'Reset-password-99';
    secrets.push(resetCode, newPassword);
    await t.api(forgetPwdSubmit, {
      email,
      code: resetCode,
      password: newPassword,
      confirmPassword: newPassword,
    });

    expect(lines.length).toBeGreaterThan(10); // the capture works: every request was logged
    const rows = JSON.stringify(await t.ctx.database.db.select().from(loginLogs));
    for (const value of secrets) {
      for (const line of lines) expect(line).not.toContain(value);
      expect(rows).not.toContain(value);
    }
  });
});
