/** The saved bank cards (masked), with add and remove (remove asks first). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankCardView } from '@contract/agent';
import { bankCardList, removeBankCardNo } from '@contract/agent';
import { LocalDataList, type DataColumn } from '../../../components/ui/DataList';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { productDate } from '../../../lib/product-time';
import { useBusy } from '../../../lib/useBusy';
import { agentKeys } from '../api';
import { AGENT_NS } from '../i18n';
import { AddBankCardSheet } from './AddBankCardSheet';

export function useBankCards() {
  return useQuery({
    queryKey: agentKeys.bankCards,
    queryFn: ({ signal }) => call(bankCardList, {}, { signal }),
  });
}

export function BankCardsPanel() {
  const { t } = useTranslation(AGENT_NS);
  const queryClient = useQueryClient();
  const cards = useBankCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankCardView | null>(null);
  const { busy, run } = useBusy();
  const changed = () => void queryClient.invalidateQueries({ queryKey: agentKeys.bankCards });

  const columns: DataColumn<BankCardView>[] = [
    {
      key: 'card',
      title: t('bankCards.card'),
      primary: true,
      render: (row) => (
        <span className="cp-agent__stack" data-testid="bank-card-row">
          <span>{row.bank}</span>
          <span className="cp-mono">{row.cardMasked}</span>
        </span>
      ),
    },
    { key: 'holder', title: t('bankCards.holder'), render: (row) => row.holder },
    {
      key: 'createdAt',
      title: t('bankCards.createdAt'),
      hideOnPhone: true,
      render: (row) => productDate(row.createdAt),
    },
  ];

  return (
    <div className="cp-agent__panel" data-testid="agent-bank-cards">
      <div className="cp-agent__toolbar">
        <button
          type="button"
          className="cp-link-button"
          onClick={() => setAdding(true)}
          data-testid="bank-card-add"
        >
          {t('bankCards.add')}
        </button>
      </div>
      <LocalDataList
        columns={columns}
        rows={cards.data ?? []}
        rowKey={(row) => row.id}
        caption={t('bankCards.caption')}
        loading={cards.isFetching}
        onRefresh={() => cards.refetch()}
        empty={t('bankCards.empty')}
        emptyAction={{ label: t('bankCards.add'), onClick: () => setAdding(true) }}
        actions={(row) => (
          <button
            type="button"
            className="cp-row-action cp-row-action--danger"
            onClick={() => setRemoving(row)}
            data-testid="bank-card-remove"
          >
            {t('bankCards.remove')}
          </button>
        )}
        data-testid="bank-card-list"
      />
      <AddBankCardSheet
        visible={adding}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          changed();
        }}
      />
      <Sheet
        visible={removing !== null}
        title={t('bankCards.removeTitle')}
        onClose={() => setRemoving(null)}
        data-testid="bank-card-remove-sheet"
        footer={
          <ConfirmButtons
            cancel={t('bankCards.keep')}
            confirm={t('bankCards.removeConfirm')}
            onCancel={() => setRemoving(null)}
            onConfirm={() =>
              void run(async () => {
                if (!removing) return;
                await call(removeBankCardNo, { id: removing.id });
                toastSuccess(t('bankCards.removed'));
                setRemoving(null);
                changed();
              })
            }
            busy={busy}
            color="danger"
            testId="bank-card-remove"
          />
        }
      >
        {removing ? (
          <p className="cp-sheet-text">
            {t('bankCards.removeText', { card: `${removing.bank} ${removing.cardMasked}` })}
          </p>
        ) : null}
      </Sheet>
    </div>
  );
}
