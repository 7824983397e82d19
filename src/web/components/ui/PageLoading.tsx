/**
 * Placeholder while a page's code loads. A CSS spinner rather than antd-mobile's SpinLoading,
 * which would pull its animation library into the entry bundle.
 */
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="cp-page-loading" role="status" aria-live="polite">
      <span className="cp-spinner" aria-hidden="true" />
      <span className="cp-visually-hidden">{t('common:ui.loading')}</span>
    </div>
  );
}
