/**
 * What the proposed rules would have declined in the last 30 days (issue 33 §5), asked again a
 * moment after the customer stops typing. The server replays the real authorizations through the
 * same rule evaluation the authorization path uses.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import type { CardSpendRulesInput } from '@contract/spending';
import { spendingPreview } from '@contract/spending-templates';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { productDateTime } from '@web/lib/product-time';
import { SPENDING_NS } from '../i18n';

export type PreviewTarget = { cardId: string } | { groupId: string };

function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function PreviewPanel({
  target,
  rules,
  monthlyBudget,
}: {
  target: PreviewTarget;
  /** null while the form has errors: the last answer stays greyed. */
  rules: CardSpendRulesInput | null;
  monthlyBudget?: number | null;
}) {
  const { t } = useTranslation(SPENDING_NS);
  const asked = useSettled(JSON.stringify({ target, rules, monthlyBudget: monthlyBudget ?? null }));
  const preview = useQuery({
    queryKey: ['spendingPreview', asked],
    queryFn: ({ signal }) => {
      const body = JSON.parse(asked) as {
        target: PreviewTarget;
        rules: CardSpendRulesInput;
        monthlyBudget: number | null;
      };
      return call(
        spendingPreview,
        { ...body.target, rules: body.rules, monthlyBudget: body.monthlyBudget },
        { signal },
      );
    },
    enabled: rules !== null,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
  const data = preview.data;
  return (
    <section className="cp-spend-preview" aria-live="polite" data-testid="spend-preview">
      <h3 className="cp-spend-preview__title">{t('preview.title')}</h3>
      {!data ? (
        <p className="cp-spend-preview__note">{t('preview.loading')}</p>
      ) : (
        <>
          <p
            className={`cp-spend-preview__summary ${data.declined > 0 ? 'cp-spend-preview__summary--warn' : ''}`}
            data-testid="spend-preview-summary"
          >
            {data.declined > 0
              ? t('preview.wouldDecline', { count: data.declined, considered: data.considered })
              : t('preview.none', { count: data.considered })}
          </p>
          {data.items.length > 0 ? (
            <ul className="cp-spend-preview__list">
              {data.items.map((item) => (
                <li
                  key={item.authorizationId}
                  className="cp-spend-preview__item"
                  data-testid="spend-preview-item"
                >
                  <span className="cp-spend-preview__merchant">{item.merchantName}</span>
                  <span className="cp-spend-preview__amount">
                    {formatMoney(item.amount, item.currency as CurrencyCode)}
                  </span>
                  <span className="cp-spend-preview__meta">
                    {productDateTime(item.at)} · •••• {item.last4}
                  </span>
                  <span className="cp-spend-preview__rule" data-testid="spend-preview-rule">
                    {t(`rule.${item.rule}`)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
