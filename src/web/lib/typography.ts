/**
 * Line-breaking help for short display text (a tagline, a heading). A line that holds one Chinese
 * character or one word alone looks broken (issue 18 §5), so the last two characters of CJK text are
 * joined with a WORD JOINER (U+2060, invisible, no break allowed on either side), and the last space
 * of Latin text becomes a no-break space. Used with CSS `text-wrap: balance`, which evens out the
 * lines where the browser supports it; this keeps the end together where it does not.
 */
const WORD_JOINER = '\u2060';
const NO_BREAK_SPACE = '\u00a0';
/** Han, kana and Hangul: scripts that may break between any two characters. */
const BREAKS_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function keepLastTogether(text: string): string {
  const trimmed = text.trimEnd();
  const chars = [...trimmed];
  const last = chars.at(-1);
  const before = chars.at(-2);
  if (!last || !before) return text;
  if (BREAKS_ANYWHERE.test(last) && BREAKS_ANYWHERE.test(before)) {
    return `${chars.slice(0, -1).join('')}${WORD_JOINER}${last}`;
  }
  const space = trimmed.lastIndexOf(' ');
  return space > 0 ? `${trimmed.slice(0, space)}${NO_BREAK_SPACE}${trimmed.slice(space + 1)}` : trimmed;
}
