import { describe, expect, it } from 'vitest';
import { markup } from './markup';

describe('markup', () => {
  it('escapes every value once, lists included, and keeps the markup it made itself', () => {
    const item = (text: string) => markup`<li>${text}</li>`;
    const page = markup`<ul title="${'"quoted" & <b>'}">${['a<b', "c'd"].map(item)}</ul>${null}${0}`;
    expect(page.toString()).toBe(
      '<ul title="&quot;quoted&quot; &amp; &lt;b&gt;"><li>a&lt;b</li><li>c&#39;d</li></ul>0',
    );
  });
});
