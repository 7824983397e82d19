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

export type SharedOrSaved = 'shared' | 'saved' | 'cancelled';

/**
 * Puts an image where a phone keeps pictures: the system share sheet with the file (which offers
 * "Save image" / "Save to Photos") when the browser can share files, otherwise a download. A
 * cancelled share is the customer's choice, not a failure: nothing else happens then.
 */
export async function shareOrSaveImage(url: string, fileName: string, title: string): Promise<SharedOrSaved> {
  const blob = await (await fetch(url)).blob();
  const file = new File([blob], fileName, { type: blob.type || 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture left, a policy): fall back to the download.
    }
  }
  saveFile(blob, fileName);
  return 'saved';
}
