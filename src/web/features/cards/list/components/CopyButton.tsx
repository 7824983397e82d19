/** A "copy" button for a value on screen; says whether the copy worked (spec §8 "copy success"). */
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../lib/clipboard';
import { toastError, toastSuccess } from '../../../../lib/notify';
import { CARD_LIST_NS } from '../i18n';

export interface CopyButtonProps {
  /** Read when clicked, so the value is not kept anywhere else. */
  value: () => string;
  /** Accessible name, e.g. "Copy card number". */
  label: string;
  'data-testid'?: string;
}

export function CopyButton({ value, label, ...rest }: CopyButtonProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const copy = () => {
    void copyText(value()).then((ok) =>
      ok ? toastSuccess(t('common:catalogue.copySuccess')) : toastError(t('copyFailed')),
    );
  };
  return (
    <button
      type="button"
      className="cp-cl-copy"
      onClick={copy}
      aria-label={label}
      title={label}
      data-testid={rest['data-testid']}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span>{t('copy')}</span>
    </button>
  );
}
