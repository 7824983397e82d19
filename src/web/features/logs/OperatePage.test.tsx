// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { signIn } from '../../testing/fixtures';
import { renderWithClient, stubApi } from '../../testing/utils';
import { OperatePage } from './OperatePage';

vi.mock('../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const row = (id: string, result: string) => ({
  id,
  method: 'password',
  result,
  reason: null,
  ip: '203.0.113.7',
  device: 'Firefox',
  createdAt: '2026-11-20T02:00:00.000Z',
});

beforeEach(() => {
  signIn();
  stubApi((r) =>
    r.path === '/api/user/LoginLog'
      ? { code: 200, data: { data: [row('a', 'continued')], total: 1, pageNo: 1, pageSize: 20 } }
      : { code: 200, data: [] },
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the sign-in log', () => {
  it.each([
    ['en', 'First step passed, went on to the Google code'],
    ['zh-CN', '首步通过，转入谷歌验证码'],
  ])(
    'shows the first step of a sign-in that went on as its own result, not a failure (%s)',
    async (lang, text) => {
      await i18n.changeLanguage(lang);
      renderWithClient(<OperatePage />);
      const line = await screen.findByTestId('login-row');
      expect(line.dataset.result).toBe('continued');
      expect(within(line).getByText(new RegExp(text))).toBeTruthy();
      expect(within(line).queryByText(/Failed|失败/)).toBeNull();
    },
  );
});
