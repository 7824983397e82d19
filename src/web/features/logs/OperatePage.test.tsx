// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { signIn } from '../../testing/fixtures';
import { renderWithClient, stubApi } from '../../testing/utils';
import { OperatePage } from './OperatePage';

vi.mock('../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const RAW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const row = (id: string, result: string) => ({
  id,
  method: 'password',
  result,
  reason: null,
  ip: '203.0.113.7',
  device: RAW,
  deviceText: 'Chrome 131 · Android 14 · Pixel 5',
  agent: {
    browser: 'Chrome',
    browserVersion: '131',
    os: 'Android',
    osVersion: '14',
    model: 'Pixel 5',
    kind: 'mobile',
  },
  newDevice: result === 'success',
  createdAt: '2026-11-20T02:00:00.000Z',
});

beforeEach(() => {
  signIn();
  stubApi((r) =>
    r.path === '/api/user/LoginLog'
      ? {
          code: 200,
          data: { data: [row('a', 'continued'), row('b', 'success')], total: 2, pageNo: 1, pageSize: 20 },
        }
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
      const line = (await screen.findAllByTestId('login-row'))[0]!;
      expect(line.dataset.result).toBe('continued');
      expect(within(line).getByText(new RegExp(text))).toBeTruthy();
      expect(within(line).queryByText(/Failed|失败/)).toBeNull();
    },
  );
});

describe('the sign-in cards', () => {
  it.each([
    ['en', 'New device', 'What the browser sent'],
    ['zh-CN', '新设备', '浏览器原始标识'],
  ])(
    'show the parsed device and the mark, the raw string only in the details (%s)',
    async (lang, mark, raw) => {
      await i18n.changeLanguage(lang);
      renderWithClient(<OperatePage />);
      const [first, second] = await screen.findAllByTestId('login-row');
      expect(within(first!).getByTestId('login-device').textContent).toBe(
        'Chrome 131 · Android 14 · Pixel 5',
      );
      expect(within(first!).queryByTestId('login-new')).toBeNull();
      expect(within(second!).getByTestId('login-new').textContent).toBe(mark);
      expect(screen.getByTestId('login-log').textContent).not.toContain('Mozilla');
      // A table row (wide) opens by its time button, a card (phone) is the button itself.
      fireEvent.click(within(second!).queryByRole('button') ?? second!);
      const sheet = await screen.findByTestId('login-detail');
      expect(within(sheet).getByTestId('login-detail-raw').textContent).toBe(`${raw}${RAW}`);
    },
  );
});
