/**
 * The levels as a checklist: which one the account has, what each unlocks, and what is missing.
 * Every level up to the account's is ticked; only the account's own carries "Your level" (issue 34
 * §6: after approval all three carried it).
 */
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '../../../contract/core';
import type { IdentityStatusView } from '../../../contract/identity';
import { IDENTITY_LEVELS, LEVEL_UNLOCKS, levelRank } from '../../../contract/identity-rules';
import { Money } from '../../components/ui/Money';
import { IDENTITY_NS } from './i18n';

export function Checklist({ status }: { status: IdentityStatusView }) {
  const { t } = useTranslation(IDENTITY_NS);
  const reached = levelRank(status.level);
  return (
    <ol className="cp-identity__levels" data-testid="identity-levels" data-level={status.level}>
      {IDENTITY_LEVELS.map((level) => {
        const done = levelRank(level) <= reached;
        const current = level === status.level;
        return (
          <li
            key={level}
            className={done ? 'is-done' : ''}
            data-testid={`identity-level-${level}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="cp-identity__mark" aria-hidden="true">
              {done ? '✓' : '○'}
            </span>
            <div>
              <strong>{t(`levels.${level}.title`)}</strong>
              {current ? (
                <span className="cp-identity__tag" data-testid="identity-level-current">
                  {t('levels.reached')}
                </span>
              ) : null}
              <ul>
                {LEVEL_UNLOCKS[level].map((key) => (
                  <li key={key}>{t(`unlocks.${key}`)}</li>
                ))}
              </ul>
              {!done ? <p className="cp-identity__needs">{t(`levels.${level}.needs`)}</p> : null}
            </div>
          </li>
        );
      })}
      {status.topupCeiling.length > 0 ? (
        <li className="cp-identity__ceiling">
          {status.topupCeiling.map((row) => (
            <p key={row.currency}>
              {t('ceiling', { currency: row.currency })}{' '}
              <Money minor={row.used} currency={row.currency as CurrencyCode} /> /{' '}
              <Money minor={row.ceiling} currency={row.currency as CurrencyCode} />
            </p>
          ))}
        </li>
      ) : null}
    </ol>
  );
}
