/** The same rules on a selection of cards (setSpendRulesBulk): all of them or none. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import type { CurrencyCode } from '@contract/core';
import { setRulesBulk } from '@contract/spending-templates';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { SPENDING_NS } from '../i18n';
import { SpendingSheet } from './SpendingSheet';

export function SpendingCardsSheet({
  cards,
  onClose,
  onDone,
}: {
  cards: readonly CardView[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(SPENDING_NS);
  const client = useQueryClient();
  const currencies = new Set(cards.map((card) => card.currency));
  return (
    <SpendingSheet
      title={t('sheet.titleCards', { count: cards.length })}
      preview={cards.length === 1 ? { cardId: cards[0]!.id } : null}
      currency={(currencies.size === 1 ? [...currencies][0] : 'USD') as CurrencyCode}
      initial={null}
      onSave={async (rules) => {
        const done = await call(setRulesBulk, { cardIds: cards.map((card) => card.id), rules });
        void client.invalidateQueries({ queryKey: ['cardSpend'] });
        toastSuccess(t('sheet.savedMany', { count: done.changed }));
        onDone();
      }}
      onClose={onClose}
    />
  );
}
