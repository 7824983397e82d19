/** A small "copy" button for the payment sheet; says whether the copy worked. */
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../../lib/notify';
import { copyText } from '../../../../lib/clipboard';
import { RECHARGE_NS } from '../i18n';

export interface CopyButtonProps {
  text: string;
  /** Visible label, e.g. "Copy address". */
  label: string;
  'data-testid'?: string;
}

export function CopyButton({ text, label, ...rest }: CopyButtonProps) {
  const { t } = useTranslation(RECHARGE_NS);
  const copy = () => {
    void copyText(text).then((ok) =>
      ok ? toastSuccess(t('common:catalogue.copySuccess')) : toastError(t('order.copyFailed')),
    );
  };
  return (
    <button type="button" className="cp-recharge-copy" onClick={copy} data-testid={rest['data-testid']}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      {label}
    </button>
  );
}
