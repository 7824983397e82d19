/**
 * Gives a downloaded export to the browser's own download: an object URL behind a temporary link
 * with the `download` name. The URL is released later, not at once — some browsers still read it
 * after the click returns.
 */
const RELEASE_AFTER_MS = 60_000;

export function saveDownloadedFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement('a'), {
    href: url,
    download: fileName,
    rel: 'noopener',
  });
  anchor.hidden = true;
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
  }
}
