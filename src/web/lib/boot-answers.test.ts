// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { dropHomePaint, takeBootAnswer } from './boot-answers';

const URL_WALLET = `${window.location.origin}/api/user/wallet`;

function placeAnswers(token = 'tok-1', locale = 'zh-CN') {
  const answer = Promise.resolve(new Response('{"code":200,"msg":"","data":{"CNY":1}}'));
  Object.assign(window, { cpBootAnswers: { token, locale, answers: { [`GET ${URL_WALLET}`]: answer } } });
  return answer;
}

afterEach(() => {
  delete (window as { cpBootAnswers?: unknown }).cpBootAnswers;
  document.documentElement.removeAttribute('data-app-painted');
  document.body.innerHTML = '';
});

describe('the boot script answers, handed to the HTTP layer', () => {
  it('hands an answer over once, for the same request', () => {
    const answer = placeAnswers();
    expect(takeBootAnswer('GET', URL_WALLET, 'tok-1', 'zh-CN')).toBe(answer);
    expect(takeBootAnswer('GET', URL_WALLET, 'tok-1', 'zh-CN')).toBeNull();
  });

  it.each([
    ['another token (refreshed meanwhile)', 'GET', URL_WALLET, 'tok-2', 'zh-CN'],
    ['another language', 'GET', URL_WALLET, 'tok-1', 'en'],
    ['another method', 'POST', URL_WALLET, 'tok-1', 'zh-CN'],
    ['another address', 'GET', `${URL_WALLET}?x=1`, 'tok-1', 'zh-CN'],
  ])('hands nothing over for %s', (_, method, url, token, locale) => {
    placeAnswers();
    expect(takeBootAnswer(method, url, token, locale)).toBeNull();
  });

  it('hands nothing over when the boot script asked nothing', () => {
    expect(takeBootAnswer('GET', URL_WALLET, 'tok-1', 'zh-CN')).toBeNull();
  });

  it('removes the painted figures and keeps a late paint away', () => {
    document.body.innerHTML = '<div class="cp-home-paint"></div>';
    document.documentElement.setAttribute('data-home-paint', 'cn');
    dropHomePaint();
    expect(document.querySelectorAll('.cp-home-paint')).toHaveLength(0);
    expect(document.documentElement.hasAttribute('data-home-paint')).toBe(false);
    expect(document.documentElement.hasAttribute('data-app-painted')).toBe(true);
  });
});
