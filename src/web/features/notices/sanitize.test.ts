// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';
import { sanitizeNoticeHtml } from './sanitize';

describe('notice bodies are sanitised before they are shown', () => {
  it('keeps the formatting notices use', () => {
    const html =
      '<p>Hello <strong>world</strong></p><ul><li>one</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it.each([
    ['<p>x</p><script>alert(1)</script>', '<p>x</p>'],
    [
      '<img src="https://cdn.example.com/a.png" onerror="alert(1)">',
      '<img src="https://cdn.example.com/a.png">',
    ],
    ['<a href="javascript:alert(1)">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['<a href="http://plain.example.com/">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['<iframe src="https://evil.example/"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<form action="https://evil.example"><input name="p"></form>', ''],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p data-x="1" aria-label="y" class="c" id="i">ok</p>', '<p>ok</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
  ])('%s', (dirty, clean) => {
    expect(sanitizeNoticeHtml(dirty)).toBe(clean);
  });

  it('opens https links in a new tab without an opener, keeps mailto links', () => {
    expect(sanitizeNoticeHtml('<a href="https://example.com/">site</a>')).toBe(
      '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(sanitizeNoticeHtml('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com" rel="noopener noreferrer">mail</a>',
    );
  });

  it('keeps a few plain text styles and drops the rest', () => {
    expect(sanitizeNoticeHtml('<span style="color: #c00; font-weight: bold; position: fixed">x</span>')).toBe(
      '<span style="color: #c00; font-weight: bold">x</span>',
    );
    expect(sanitizeNoticeHtml('<span style="background-color: url(https://evil.example/)">x</span>')).toBe(
      '<span>x</span>',
    );
  });

  it('does not change how other DOMPurify users sanitise (own instance)', async () => {
    const { default: DOMPurify } = await import('dompurify');
    sanitizeNoticeHtml('<a href="https://example.com/">x</a>');
    expect(DOMPurify.sanitize('<a href="https://example.com/">x</a>')).toBe(
      '<a href="https://example.com/">x</a>',
    );
  });
});

describe('banner text', () => {
  it('is the text of the body, on one line, without running anything', () => {
    expect(
      plainText(
        '<p>Sunday <strong>02:00</strong></p>\n<ul><li>a</li><li>b</li></ul><img src=x onerror="window.__hit=1">',
      ),
    ).toBe('Sunday 02:00 a b');
    expect((window as unknown as { __hit?: number }).__hit).toBeUndefined();
  });
});
