/** The three things that can happen to a member's cards at expiry, as radio choices. */
import { useTranslation } from 'react-i18next';
import type { ExpiryPolicy } from '@contract/sub-accounts';
import { TEAM_NS } from '../i18n';

const POLICIES: readonly ExpiryPolicy[] = ['keep', 'freeze', 'moveToOwner'];

export interface ExpiryChoiceProps {
  value: ExpiryPolicy;
  onChange: (value: ExpiryPolicy) => void;
  legend: string;
}

export function ExpiryChoice({ value, onChange, legend }: ExpiryChoiceProps) {
  const { t } = useTranslation(TEAM_NS);
  return (
    <fieldset className="cp-team-choice">
      <legend className="cp-field__label">{legend}</legend>
      {POLICIES.map((policy) => (
        <label
          key={policy}
          className={`cp-team-choice__item ${value === policy ? 'cp-team-choice__item--on' : ''}`}
        >
          <input
            type="radio"
            name="expiryPolicy"
            value={policy}
            checked={value === policy}
            onChange={() => onChange(policy)}
            data-testid={`expiry-${policy}`}
          />
          <span>
            <span className="cp-team-choice__title">{t(`expiry.${policy}`)}</span>
            <span className="cp-team-choice__hint">{t(`expiry.${policy}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
