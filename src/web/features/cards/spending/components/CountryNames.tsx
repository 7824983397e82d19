/** Country codes named in the app's language by the browser's own table (Intl.DisplayNames). */
import { useTranslation } from 'react-i18next';

export function CountryNames({ codes }: { codes: readonly string[] }) {
  const { i18n } = useTranslation();
  if (codes.length === 0) return null;
  const names = new Intl.DisplayNames([i18n.language === 'en' ? 'en' : 'zh-CN'], {
    type: 'region',
    fallback: 'code',
  });
  const nameOf = (code: string) => {
    try {
      return /^[A-Z]{2}$/.test(code) ? (names.of(code) ?? code) : code;
    } catch {
      return code;
    }
  };
  const shown = codes
    .slice(0, 8)
    .map(nameOf)
    .join(i18n.language === 'en' ? ', ' : '、');
  return (
    <span data-testid="spend-country-names">
      {shown}
      {codes.length > 8 ? ` +${codes.length - 8}` : ''}
    </span>
  );
}
