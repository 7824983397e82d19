/**
 * "Install Card Portal" on the home page, while the browser offers installation (lib/pwa.ts keeps
 * its prompt) and the user has not said "Not now" on this device.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { appStore } from '../../../lib/session';
import {
  dismissInstall,
  installDismissedAtom,
  installPromptAtom,
  promptInstall,
  PWA_NS,
} from '../../../lib/pwa';

export function InstallCard() {
  const { t } = useTranslation(PWA_NS);
  const prompt = useAtomValue(installPromptAtom, { store: appStore });
  const dismissed = useAtomValue(installDismissedAtom, { store: appStore });
  if (!prompt || dismissed) return null;

  return (
    <aside className="cp-install" aria-labelledby="install-title" data-testid="install-card">
      <img className="cp-install__icon" src="/icons/icon-192.png" alt="" width="44" height="44" />
      <div className="cp-install__text">
        <h2 id="install-title" className="cp-install__title">
          {t('install.title')}
        </h2>
        <p className="cp-install__body">{t('install.body')}</p>
      </div>
      <div className="cp-install__actions">
        <button
          type="button"
          className="cp-install__dismiss"
          onClick={dismissInstall}
          data-testid="install-dismiss"
        >
          {t('install.dismiss')}
        </button>
        <button
          type="button"
          className="cp-install__accept"
          onClick={() => void promptInstall()}
          data-testid="install-accept"
        >
          {t('install.action')}
        </button>
      </div>
    </aside>
  );
}
