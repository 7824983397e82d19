// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../testing/locales';

describe('texts of the widgets, the home page and the PWA', () => {
  it.each(['widgets', 'home', 'pwa'])('%s has the same keys in both languages', async (ns) => {
    const en: unknown = (await import(`@locales/en/${ns}.json`)).default;
    const zh: unknown = (await import(`@locales/zh-CN/${ns}.json`)).default;
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
  });

  it('keeps the spec §5 upload messages word for word', async () => {
    const en = (await import('@locales/en/widgets.json')).default;
    expect(en.upload.wrongType).toBe('only JPG/GIF/PNG/BMP files can be uploaded');
    expect(en.upload.tooLarge).toBe('image size cannot exceed {{limit}}MB');
    expect(en.upload.success).toBe('image uploaded successfully');
  });
});
