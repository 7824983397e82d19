// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qrCreate } from '../../contract/finance';
import { stubApi } from '../testing/utils';
import { identityLevelNeeded } from './catalogue';
import { call, setPageOpener } from './http';
import { toastError } from './notify';
import { saveTokens } from './session';
import { setItem } from './storage';

vi.mock('./notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const TOKENS = { access_token: 'access-token', access_overtime: 1, refresh_token: 'refresh-token-0123456' };
const CEILING = 'An unverified account may top up at most 20000.00 CNY in all';
const opener = vi.fn();

beforeEach(() => {
  saveTokens(TOKENS);
  setItem('lang', 'en');
  setItem('subAccount', 0);
  setPageOpener(opener);
  opener.mockClear();
  vi.mocked(toastError).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const order = { channel: 'alipay', amount: 2_500_000 } as never;

describe('identityLevelNeeded', () => {
  it('reads the level of a 422 naming one, and nothing else', () => {
    expect(identityLevelNeeded(422, { identityLevel: 'individual' })).toBe('individual');
    expect(identityLevelNeeded(422, { identityLevel: 'business' })).toBe('business');
    expect(identityLevelNeeded(422, { identityLevel: 'root' })).toBeNull();
    expect(identityLevelNeeded(422, null)).toBeNull();
    expect(identityLevelNeeded(409, { identityLevel: 'business' })).toBeNull();
  });
});

describe('a refusal for the verification level', () => {
  it('shows the message with a button that opens /identity, instead of a toast', async () => {
    stubApi(() => ({ code: 422, msg: CEILING, data: { identityLevel: 'individual' } }));
    await expect(call(qrCreate, order)).rejects.toMatchObject({ code: 422 });
    const message = await waitFor(() => {
      const found = document.querySelector('[data-testid="identity-refusal"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(message.textContent).toBe(CEILING);
    expect(toastError).not.toHaveBeenCalled();
    const go = document.querySelector<HTMLElement>('[data-testid="identity-refusal-go"]');
    expect(go?.textContent).toBe('Verify identity');
    go!.click();
    await waitFor(() => expect(opener).toHaveBeenCalledWith('/identity'));
  });

  it('stays a toast for a team member, who cannot verify the owner', async () => {
    setItem('subAccount', 1);
    stubApi(() => ({ code: 422, msg: CEILING, data: { identityLevel: 'individual' } }));
    await expect(call(qrCreate, order)).rejects.toMatchObject({ code: 422 });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(CEILING));
    expect(document.querySelector('[data-testid="identity-refusal"]')).toBeNull();
  });

  it('leaves other refusals as toasts', async () => {
    stubApi(() => ({ code: 422, msg: 'Insufficient balance', data: null }));
    await expect(call(qrCreate, order)).rejects.toMatchObject({ code: 422 });
    expect(toastError).toHaveBeenCalledWith('Insufficient balance');
  });
});
