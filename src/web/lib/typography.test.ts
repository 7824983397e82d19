import { describe, expect, it } from 'vitest';
import { keepLastTogether } from './typography';

describe('keepLastTogether', () => {
  it('joins the last two Chinese characters so neither stands alone on a line', () => {
    expect(keepLastTogether('面向跨境企业支出的虚拟卡平台')).toBe('面向跨境企业支出的虚拟卡平\u2060台');
  });

  it('joins the last two words of Latin text with a no-break space', () => {
    expect(keepLastTogether('Virtual cards for cross-border business spending')).toBe(
      'Virtual cards for cross-border business\u00a0spending',
    );
  });

  it('leaves a single word or character as it is', () => {
    expect(keepLastTogether('卡')).toBe('卡');
    expect(keepLastTogether('Cards')).toBe('Cards');
    expect(keepLastTogether('')).toBe('');
  });

  it('keeps a Latin word that ends Chinese text with the character before it', () => {
    expect(keepLastTogether('支持 USDT')).toBe('支持\u00a0USDT');
  });
});
