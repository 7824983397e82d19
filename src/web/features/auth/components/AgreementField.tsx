/**
 * The agreement checkbox of sign-up (spec §5). The two documents open in a Sheet; their links sit
 * outside the <label> so that opening one does not tick the box.
 */
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';

type Doc = 'privacy' | 'terms';

export interface AgreementFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

export function AgreementField({ checked, onChange, error }: AgreementFieldProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState<Doc | null>(null);

  return (
    <div className="cp-agreement">
      <div className="cp-agreement__line">
        <Checkbox
          id="signup-agree"
          className="cp-check"
          checked={checked}
          onChange={onChange}
          aria-describedby={error ? 'signup-agree-error' : undefined}
          data-testid="signup-agree"
        >
          {t('signUp.agreePrefix')}
        </Checkbox>
        <button
          type="button"
          className="cp-link cp-inline-link"
          onClick={() => setOpen('privacy')}
          data-testid="open-privacy"
        >
          {t('signUp.privacy')}
        </button>
        <span>{t('signUp.and')}</span>
        <button
          type="button"
          className="cp-link cp-inline-link"
          onClick={() => setOpen('terms')}
          data-testid="open-terms"
        >
          {t('signUp.terms')}
        </button>
      </div>
      {error ? (
        <p id="signup-agree-error" className="cp-field__error" role="alert" data-testid="signup-agree-error">
          {error}
        </p>
      ) : null}
      <Sheet
        visible={open !== null}
        title={open === 'terms' ? t('legal.termsTitle') : t('legal.privacyTitle')}
        onClose={() => setOpen(null)}
        data-testid="legal-sheet"
      >
        <p className="cp-legal">{open === 'terms' ? t('legal.termsBody') : t('legal.privacyBody')}</p>
      </Sheet>
    </div>
  );
}
