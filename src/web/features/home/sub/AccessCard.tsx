/**
 * The member's access (spec §4): role, validity and this month's limits with what is used. Expired,
 * it says plainly what still works (the cards at merchants, unless the owner chose to freeze or
 * take them) and what does not (recharge, withdrawal, deletion, opening); a week before the end it
 * warns.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubSelf } from '@contract/sub-accounts';
import { formatMoney } from '../../../lib/money';
import { productLastDay } from '../../../lib/product-time';
import { SUB_HOME_NS } from './sub-home-i18n';

const DAY_MS = 86_400_000;
const WARN_DAYS = 7;

const LIMITS = [
  { key: 'cnyRecharge', currency: 'CNY' },
  { key: 'usdRecharge', currency: 'USD' },
  { key: 'usdSpend', currency: 'USD' },
] as const;

export function AccessCard({ sub }: { sub: SubSelf }) {
  const { t } = useTranslation(SUB_HOME_NS);
  // The time the page opened: days left do not change while one looks at them.
  const [now] = useState(() => Date.now());
  const date = productLastDay(sub.validUntil);
  const left = Math.floor((Date.parse(sub.validUntil) - now) / DAY_MS);
  const expiredText =
    sub.expiryPolicy === 'freeze'
      ? 'validity.expiredFreeze'
      : sub.expiryPolicy === 'moveToOwner'
        ? 'validity.expiredMoved'
        : 'validity.expired';

  return (
    <section className="cp-panel cp-sub-access" aria-labelledby="sub-access-title" data-testid="sub-access">
      <header className="cp-home-card__header">
        <h2 id="sub-access-title" className="cp-home-card__title">
          {t('validity.title')}
        </h2>
        <span className="cp-sub-access__role">{t('role', { role: sub.roleName })}</span>
      </header>
      {sub.expired ? (
        <div className="cp-notice cp-notice--error" role="alert" data-testid="sub-expired">
          <p>
            <strong>{t('validity.expiredTitle')}</strong>
          </p>
          <p>{t(expiredText, { date })}</p>
        </div>
      ) : (
        <>
          <p className="cp-sub-access__until" data-testid="sub-valid-until">
            {t('validity.until', { date })}
            {left >= 0 ? (
              <span className="cp-sub-access__left">{t('validity.left', { count: left })}</span>
            ) : null}
          </p>
          {left < WARN_DAYS ? (
            <p className="cp-notice cp-notice--warn" data-testid="sub-expiring">
              {t('validity.soon', { date })}
            </p>
          ) : null}
        </>
      )}
      <h3 className="cp-sub-access__subtitle">{t('limits.title')}</h3>
      <ul className="cp-sub-limits">
        {LIMITS.map(({ key, currency }) => {
          const { limit, used } = sub.limits[key];
          const share = limit ? Math.min(1, used / limit) : 0;
          return (
            <li key={key} className="cp-sub-limits__item" data-testid={`sub-limit-${key}`}>
              <span className="cp-sub-limits__label">{t(`limits.${key}`)}</span>
              <span className="cp-sub-limits__figure">
                {limit === null
                  ? t('limits.noLimit', { used: formatMoney(used, currency) })
                  : t('limits.used', {
                      used: formatMoney(used, currency),
                      limit: formatMoney(limit, currency),
                    })}
              </span>
              {limit !== null ? (
                <span
                  className={`cp-sub-limits__bar ${share >= 0.9 ? 'cp-sub-limits__bar--high' : ''}`}
                  role="meter"
                  aria-valuemin={0}
                  aria-valuemax={limit}
                  aria-valuenow={Math.min(used, limit)}
                  aria-label={t(`limits.${key}`)}
                >
                  <span style={{ width: `${Math.round(share * 100)}%` }} />
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
