/**
 * The agreement checkbox of sign-up (spec §5). The two documents open in a Sheet; their links sit
 * outside the <label> so that opening one does not tick the box.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../../components/ui/CheckField';
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
        <CheckField
          id="signup-agree"
          checked={checked}
          onChange={onChange}
          describedBy={error ? 'signup-agree-error' : undefined}
          data-testid="signup-agree"
        >
          {t('signUp.agreePrefix')}
        </CheckField>
        <button
          type="button"
          className="cp-link cp-agreement__doc"
          onClick={() => setOpen('privacy')}
          data-testid="open-privacy"
        >
          {t('signUp.privacy')}
        </button>
        <span>{t('signUp.and')}</span>
        <button
          type="button"
          className="cp-link cp-agreement__doc"
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
