/**
 * A strength meter under a new-password field (issue 18 §4). The estimator is imported on the
 * first keystroke, so the page that shows the meter does not carry it in its own chunk. A password
 * the policy refuses (too short, one of the most common) always reads "too weak".
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Strength } from '../../lib/password-strength';
import './password-strength.css';

const BARS = [1, 2, 3, 4] as const;

export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation('common');
  // The rating of the text it was computed for: a stale one (still loading) is not shown.
  const [rated, setRated] = useState<{ password: string; score: Strength } | null>(null);
  const hints = userInputs.join('\n');

  // The form's own check (the contract's password rule) needs the common-password list, which
  // /home does not carry (password-rules.ts): it comes with the form that shows this meter.
  useEffect(() => {
    void import('../../../contract/common-passwords');
  }, []);

  useEffect(() => {
    if (password === '') return;
    let current = true;
    void import('../../lib/password-strength').then(({ strengthOf }) => {
      if (current) setRated({ password, score: strengthOf(password, hints === '' ? [] : hints.split('\n')) });
    });
    return () => {
      current = false;
    };
  }, [password, hints]);

  const score = rated && rated.password === password ? rated.score : null;
  if (score === null) return null;
  return (
    <div className="cp-strength" data-score={score} data-testid="password-strength" aria-live="polite">
      <div className="cp-strength__bars" aria-hidden="true">
        {BARS.map((bar) => (
          <span key={bar} className={bar <= Math.max(score, 1) ? 'cp-strength__bar--on' : undefined} />
        ))}
      </div>
      <span className="cp-strength__label">
        {t('passwordStrength.label')}
        {t(`passwordStrength.score${score}`)}
      </span>
    </div>
  );
}
