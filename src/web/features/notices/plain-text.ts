/**
 * The text of a notice body, for the one-line scrolling banner. Parsed with DOMParser, which builds
 * an inert document: no script runs and no image loads, so this needs no sanitiser. Block elements
 * (paragraphs, list items, cells) are kept apart by a space so their words do not run together.
 */
const BLOCKS = 'p,div,li,br,h2,h3,h4,h5,h6,blockquote,pre,tr,td,th';

export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const block of doc.body.querySelectorAll(BLOCKS)) block.append(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
