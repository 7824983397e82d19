/**
 * A card group's spending controls: its monthly budget (spent, held, left) and, optionally, rules
 * set on every card of the group. Rules left empty leave the cards' own rules as they are.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { groupBudgetGet, groupBudgetSet, NO_SPEND_RULES } from '@contract/spending';
import { setRulesBulk } from '@contract/spending-templates';
import { Sheet } from '@web/components/ui/Sheet';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { SPENDING_NS } from '../i18n';
import { SpendingSheet } from './SpendingSheet';

export function SpendingGroupSheet({
  groupId,
  name,
  onClose,
}: {
  groupId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(SPENDING_NS);
  const client = useQueryClient();
  const key = ['groupBudget', groupId];
  const budget = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(groupBudgetGet, { id: groupId }, { signal }),
  });
  const title = t('sheet.titleGroup', { name });
  const data = budget.data;
  if (!data)
    return (
      <Sheet visible title={title} onClose={onClose} data-testid="spend-sheet-loading">
        <p>{t('preview.loading')}</p>
      </Sheet>
    );
  const currency = data.currency as CurrencyCode;
  return (
    <SpendingSheet
      title={title}
      preview={{ groupId }}
      currency={currency}
      initial={null}
      budget={{ monthly: data.monthly, currency }}
      header={
        <p className="cp-spend-form__note" data-testid="spend-group-figures">
          {t('usage.group', {
            spent: formatMoney(data.spent, currency),
            held: formatMoney(data.held, currency),
            left: data.left === null ? t('usage.noLimit') : formatMoney(data.left, currency),
          })}
        </p>
      }
      onSave={async (rules, monthly) => {
        if (monthly !== data.monthly)
          client.setQueryData(key, await call(groupBudgetSet, { id: groupId, monthly }));
        if (JSON.stringify({ ...NO_SPEND_RULES, ...rules }) !== JSON.stringify(NO_SPEND_RULES)) {
          const done = await call(setRulesBulk, { groupId, rules });
          toastSuccess(t('sheet.savedMany', { count: done.changed }));
        } else toastSuccess(t('sheet.saved'));
        void client.invalidateQueries({ queryKey: ['cardSpend'] });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
