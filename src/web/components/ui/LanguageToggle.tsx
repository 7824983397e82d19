/**
 * Switches cn/en (spec §2 header; also on the sign-in page). Shows the language it switches to.
 * Its spoken name starts with the visible text ("EN, Switch to English"; WCAG 2.5.3, issue 34 §8):
 * the words are content, not an aria-label that would replace what the button shows.
 * The other language's texts load on demand (lib/i18n.ts `prepareLang`, `setLang`).
 */
import { useTranslation } from 'react-i18next';
import { currentLang, prepareLang, setLang } from '../../lib/i18n';

export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const next = currentLang() === 'cn' ? 'en' : 'cn';
  return (
    <button
      type="button"
      className={`cp-lang-toggle ${className ?? ''}`}
      // The other language's texts load on demand (lib/i18n.ts): from the first sign that the
      // toggle is about to be used, so the switch finds them in. Should they not arrive (offline
      // without the service worker's copy), the language stays as it is.
      onPointerEnter={() => prepareLang(next)}
      onPointerDown={() => prepareLang(next)}
      onFocus={() => prepareLang(next)}
      onClick={() => setLang(next).catch(() => undefined)}
      lang={next === 'en' ? 'en' : 'zh-CN'}
      data-testid="language-toggle"
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span>{t('common:ui.otherLanguage')}</span>
      <span className="cp-visually-hidden">, {t('common:ui.switchLanguage')}</span>
    </button>
  );
}
