/**
 * A card's spending controls: what each limit has used and has left (spend-core's card view), and
 * the sheet to change the rules, with the 30-day preview. Saving replaces the card's rules.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import type { CurrencyCode } from '@contract/core';
import type { CardSpendView } from '@contract/spending';
import { cardSpendRulesGet, cardSpendRulesSet } from '@contract/spending';
import { SPENDING_MANAGE_PERMISSION } from '@contract/spending-templates';
import { usePermission } from '@web/components/ui/Can';
import { Sheet } from '@web/components/ui/Sheet';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { SPENDING_NS } from '../i18n';
import { SpendingSheet } from './SpendingSheet';

const WINDOWS = ['daily', 'monthly', 'lifetime'] as const;

export function UsageFigures({ view }: { view: CardSpendView }) {
  const { t } = useTranslation(SPENDING_NS);
  const currency = view.currency as CurrencyCode;
  return (
    <div className="cp-spend-usage" data-testid="spend-usage">
      {WINDOWS.map((window) => {
        const usage = view.usage[window];
        return (
          <div key={window} className="cp-spend-usage__item" data-testid={`spend-usage-${window}`}>
            <div className="cp-spend-usage__label">{t(`usage.${window}`)}</div>
            <div className="cp-spend-usage__left">
              {usage.left === null
                ? t('usage.noLimit')
                : t('usage.left', { amount: formatMoney(usage.left, currency) })}
            </div>
            <div className="cp-spend-usage__label">
              {t('usage.used', { amount: formatMoney(usage.spent + usage.held, currency) })}
              {usage.limit !== null ? ` / ${formatMoney(usage.limit, currency)}` : ''}
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function SpendingCardSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(SPENDING_NS);
  const client = useQueryClient();
  const mayChange = usePermission(SPENDING_MANAGE_PERMISSION);
  const key = ['cardSpend', card.id];
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(cardSpendRulesGet, { cardId: card.id }, { signal }),
  });
  const title = t('sheet.titleCard', { last4: card.last4 });
  if (!view.data)
    return (
      <Sheet visible title={title} onClose={onClose} data-testid="spend-sheet-loading">
        <p>{t('preview.loading')}</p>
      </Sheet>
    );
  if (!mayChange)
    return (
      <Sheet visible title={title} onClose={onClose} data-testid="spend-sheet">
        <UsageFigures view={view.data} />
        <p className="cp-spend-form__note">{t('sheet.readOnly')}</p>
      </Sheet>
    );
  return (
    <SpendingSheet
      title={title}
      preview={{ cardId: card.id }}
      currency={view.data.currency as CurrencyCode}
      initial={view.data.rules as never}
      header={<UsageFigures view={view.data} />}
      onSave={async (rules) => {
        const saved = await call(cardSpendRulesSet, { cardId: card.id, rules });
        client.setQueryData(key, saved);
        toastSuccess(t('sheet.saved'));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
