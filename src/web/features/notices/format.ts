/** Publication times in the UI language and the product's zone, labelled: "21 Nov 2026, 09:12 UTC+8". */
import { currentLang, localeOf } from '../../lib/i18n';
import { productMoment } from '../../lib/product-time';

export function formatNoticeTime(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : productMoment(iso, localeOf(currentLang()));
}
