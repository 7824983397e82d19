/**
 * One name for the feature (issue 34 §5): the menu item and the header (both `shell:routes.<name>`)
 * and the page's own heading say the same words, in both languages, for the sub-account pages.
 */
import { describe, expect, it } from 'vitest';
import shellEn from '@locales/en/shell.json';
import manageEn from '@locales/en/subAccountManage.json';
import teamCardsEn from '@locales/en/teamCards.json';
import shellZh from '@locales/zh-CN/shell.json';
import manageZh from '@locales/zh-CN/subAccountManage.json';
import teamCardsZh from '@locales/zh-CN/teamCards.json';

const LANGS = [
  ['en', shellEn, manageEn, teamCardsEn],
  ['zh-CN', shellZh, manageZh, teamCardsZh],
] as const;

describe.each(LANGS)('the sub-account pages in %s', (_lang, shell, manage, teamCards) => {
  it('have the heading their menu item and header show', () => {
    expect(manage.title).toBe(shell.routes.subAccountManage);
    expect(teamCards.cards.title).toBe(shell.routes.subCardList);
    expect(teamCards.records.title).toBe(shell.routes.subCardRecord);
  });

  it('say “sub-account”, the menu section’s word, in each of those names', () => {
    const word = shell.routes.subAccount.toLowerCase().replace(/s$/, '');
    for (const name of [
      shell.routes.subAccountManage,
      shell.routes.subCardList,
      shell.routes.subCardRecord,
    ]) {
      expect(name.toLowerCase()).toContain(word);
    }
  });
});
