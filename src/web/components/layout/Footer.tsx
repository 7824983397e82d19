/** The shell's footer (spec §1): the version and the current year. */
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from './i18n';

/** Spec §1 fixes the shown version; a unit test keeps it equal to package.json's. */
export const APP_VERSION = '1.0.0';

export function Footer() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <footer className="cp-footer" data-testid="footer">
      <span>{t('footer.version', { version: APP_VERSION })}</span>
      <span aria-hidden="true"> · </span>
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </footer>
  );
}
