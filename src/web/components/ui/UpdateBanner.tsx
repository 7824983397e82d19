/**
 * "A new version is available — Reload" (lib/pwa.ts mounts it when a new service worker waits).
 * Non-blocking: it floats above the page's bottom edge, takes no focus, and "Later" hides it until
 * the next start. Reloading is the user's choice, never forced, so no typed form input is lost.
 */
import { useTranslation } from 'react-i18next';
import { PWA_NS } from '../../lib/pwa-strings';
import { LineIcon } from './icons';
import './update-banner.css';

export interface UpdateBannerProps {
  onReload: () => void;
  onLater: () => void;
}

export function UpdateBanner({ onReload, onLater }: UpdateBannerProps) {
  const { t } = useTranslation(PWA_NS);
  return (
    <aside className="cp-update" aria-label={t('update.label')} data-testid="update-banner">
      <LineIcon
        className="cp-update__icon"
        size={22}
        d="M12 3v11m0 0l-4-4m4 4l4-4M5 17v2a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-2"
      />
      <p className="cp-update__text" role="status">
        {t('update.text')}
      </p>
      <button type="button" className="cp-update__later" onClick={onLater} data-testid="update-later">
        {t('update.later')}
      </button>
      <button type="button" className="cp-update__reload" onClick={onReload} data-testid="update-reload">
        {t('update.reload')}
      </button>
    </aside>
  );
}
