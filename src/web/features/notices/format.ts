/** Publication times in the UI language, e.g. "21 Nov 2026, 09:12" / "2026年11月21日 09:12". */
import { currentLang, localeOf } from '../../lib/i18n';

export function formatNoticeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(currentLang()), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
