/** A block that could not load, with a retry (the HTTP layer has already said why in a toast). */
import { useTranslation } from 'react-i18next';
import { FINANCE_NS } from '../i18n';

export function LoadFailed({
  text,
  onRetry,
  testId,
}: {
  text: string;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <div className="cp-panel cp-fin-failed" role="alert" data-testid={testId}>
      <p>{text}</p>
      <button type="button" className="cp-text-link" onClick={onRetry}>
        {t('bank.retry')}
      </button>
    </div>
  );
}
