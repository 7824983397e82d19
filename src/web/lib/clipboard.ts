/**
 * Copies text for every "copy" button (payment sheet, bank details, card details, 3-D Secure
 * codes). The Clipboard API needs a secure page and a recent browser; older in-app browsers (the
 * WeChat WebView among them) still honour the selection-and-execCommand route, so that is the
 * fallback.
 */
import { translate } from './i18n';
import { toastError, toastSuccess } from './notify';

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure page): try the old way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies and says how it went (spec §8 "copy success"); `failed` is the page's own words for a
 * refused copy, which tell the customer to select the text by hand.
 */
export async function copyWithNotice(text: string, failed: string): Promise<void> {
  if (await copyText(text)) toastSuccess(translate('common:catalogue.copySuccess'));
  else toastError(failed);
}
