import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from './i18n';
import { queryClient } from './queryClient';

describe('queryClient and the language', () => {
  afterEach(async () => {
    queryClient.clear();
    await setLang('cn');
  });

  it('marks every cached answer stale when the language changes, so names are fetched again', async () => {
    await setLang('cn');
    queryClient.setQueryData(['segments'], [{ name: 'Visa 485932 · 广告投放' }]);
    queryClient.setQueryData(['plans', 'mine'], { name: '标准版' });
    expect(queryClient.getQueryState(['segments'])?.isInvalidated).toBe(false);

    await setLang('en');

    expect(queryClient.getQueryState(['segments'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['plans', 'mine'])?.isInvalidated).toBe(true);
  });

  it('leaves answers fresh when the language is set to the one already shown', async () => {
    await setLang('en');
    queryClient.setQueryData(['segments'], []);
    await setLang('en');
    expect(queryClient.getQueryState(['segments'])?.isInvalidated).toBe(false);
  });
});
