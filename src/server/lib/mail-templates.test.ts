import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates';

describe('mail body', () => {
  it('names its language and its title, and escapes what it quotes', () => {
    const html = renderMail('Your <code>', 'Line one\n\nLine "two" & more', 'zh-CN');
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">/);
    expect(html).toContain('<title>Your &lt;code&gt;</title>');
    expect(html).toContain('<h1 style="margin:0 0 16px;font-size:20px">Your &lt;code&gt;</h1>');
    expect(html).toContain('<p style="margin:0 0 12px">Line &quot;two&quot; &amp; more</p>');
    expect(html).not.toContain('<code>');
    expect(renderMail('S', 'T', 'en')).toContain('<html lang="en">');
    expect(renderMail("It's <b>", "<script>alert('x')</script>", 'en')).toContain(
      '&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;',
    );
  });
});
