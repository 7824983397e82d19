/**
 * Hands a downloaded file (an export, the import template) to the browser's own download: an
 * object URL clicked through a temporary link with the `download` name. The URL is released a
 * minute later, not at once: revoking it while the browser still reads it can cancel the download.
 */
const RELEASE_AFTER_MS = 60_000;

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
  }
}
