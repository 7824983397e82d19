/**
 * The notice editor's pure parts, apart from the screens so they are tested on their own: the chosen
 * customers typed as text, the formatting buttons that wrap the selected body text in a tag, and the
 * publication time from the browser's local date-time field.
 */

/** Sign-in addresses typed one a line or separated by commas, semicolons or spaces; each once. */
export function parseTargets(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;，；]+/)) {
    const email = part.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

export type BodyFormat = 'strong' | 'em' | 'u' | 'p' | 'ul' | 'a';

export interface Edited {
  text: string;
  /** Where the caret goes: after the inserted markup. */
  caret: number;
}

/**
 * Wraps the body's selection [start, end) in the tag of `format`. A list makes one item of each
 * selected line; a link takes `href` (the server keeps https: and mailto: links only, as it does
 * for every notice). With nothing selected the empty tag pair is inserted at the caret.
 */
export function applyFormat(text: string, start: number, end: number, format: BodyFormat, href = ''): Edited {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const selected = text.slice(from, to);
  let markup: string;
  if (format === 'ul') {
    const lines = selected.split('\n').filter((line) => line.trim() !== '');
    const items = (lines.length > 0 ? lines : ['']).map((line) => `<li>${line.trim()}</li>`).join('');
    markup = `<ul>${items}</ul>`;
  } else if (format === 'a') {
    markup = `<a href="${href.replaceAll('"', '%22')}">${selected || href}</a>`;
  } else {
    markup = `<${format}>${selected}</${format}>`;
  }
  return { text: text.slice(0, from) + markup + text.slice(to), caret: from + markup.length };
}

/** The value of an `<input type="datetime-local">` ("2026-11-28T09:30") as an ISO time with offset. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A time as the local date-time field shows it (minutes), e.g. the default "in one hour". */
export function isoToLocal(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
