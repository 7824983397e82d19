// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { catalogueMessage } from './catalogue';
import enCommon from '../../../locales/en/common.json';

/** Resolves "common:catalogue.x" against the English file, like i18next would. */
const t = (key: string): string => {
  const [, path = ''] = key.split(':');
  const [group, name] = path.split('.') as [keyof typeof enCommon, string];
  const value = (enCommon[group] as Record<string, string>)[name];
  if (value === undefined) throw new Error(`missing key ${key}`);
  return value;
};

const PATH = '/api/card/page';

describe('catalogueMessage (spec §8)', () => {
  it('400 -> "Request Error"', () => {
    expect(catalogueMessage(400, 'pageSize: too big', PATH, t)).toBe('Request Error');
  });

  it.each([401, 403, 600, 610])('%i -> "Permissions expired or expired, please login"', (code) => {
    expect(catalogueMessage(code, 'token revoked', PATH, t)).toBe(
      'Permissions expired or expired, please login',
    );
  });

  it('404 -> "Error requesting address." plus the path', () => {
    expect(catalogueMessage(404, 'Not Found', PATH, t)).toBe(`Error requesting address. ${PATH}`);
  });

  it('no response at all -> the request-address error', () => {
    expect(catalogueMessage(0, '', PATH, t)).toBe(`Error requesting address. ${PATH}`);
  });

  it('408 -> "Request Timeout"', () => {
    expect(catalogueMessage(408, '', PATH, t)).toBe('Request Timeout');
  });

  it('500 shows the server message', () => {
    expect(catalogueMessage(500, 'Card issuer unavailable', PATH, t)).toBe('Card issuer unavailable');
  });

  it.each(['', '   ', 'I/O error on POST request', 'Load balancer has no instances available for card'])(
    '500 with %j -> "Server exception, please try again later"',
    (msg) => {
      expect(catalogueMessage(500, msg, PATH, t)).toBe('Server exception, please try again later');
    },
  );

  it.each([501, 502, 503, 504])('%i -> "System busy, please wait"', (code) => {
    expect(catalogueMessage(code, 'Bad Gateway', PATH, t)).toBe('System busy, please wait');
  });

  it('505 -> "HTTP version is not supported"', () => {
    expect(catalogueMessage(505, '', PATH, t)).toBe('HTTP version is not supported');
  });

  it.each([409, 422, 423, 429, 4030])('%i (others) -> the server message', (code) => {
    expect(catalogueMessage(code, 'Insufficient balance', PATH, t)).toBe('Insufficient balance');
  });

  it('others without a message -> nothing to show', () => {
    expect(catalogueMessage(422, '', PATH, t)).toBeNull();
  });

  it('428 is never shown: the caller asks for the captcha or the Google step', () => {
    expect(catalogueMessage(428, 'Captcha required', PATH, t)).toBeNull();
  });

  it('uses the translation of the current language', () => {
    const zh = (key: string) => (key === 'common:catalogue.408' ? '请求超时' : key);
    expect(catalogueMessage(408, '', PATH, zh)).toBe('请求超时');
  });
});
