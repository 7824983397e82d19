/**
 * The card's balance as the issuer holds it now (getCardBalance): available, held by pending
 * authorizations, and spent so far. Refreshing also updates the list's row.
 */
import Button from 'antd-mobile/es/components/button';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCardBalance, type CardView } from '../../../../../contract/cards';
import type { ResponseOf } from '../../../../../contract/core';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';

type Balance = ResponseOf<typeof getCardBalance>;

export interface BalanceSheetProps {
  card: CardView;
  onClose: () => void;
  /** The list's row follows the fresh figures. */
  onFresh: (cards: CardView[]) => void;
}

export function BalanceSheet({ card, onClose, onFresh }: BalanceSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [balance, setBalance] = useState<Balance | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback(
    (fresh: Balance) => {
      setBalance(fresh);
      if (fresh.balance !== card.balance || fresh.spent !== card.spent)
        onFresh([{ ...card, balance: fresh.balance, spent: fresh.spent }]);
    },
    [card, onFresh],
  );

  const load = async () => {
    setBusy(true);
    try {
      apply(await call(getCardBalance, { cardId: card.id }));
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setBusy(false);
    }
  };

  // Once per card opened (the card's own changes come from this very load).
  const applyFirst = useEffectEvent(apply);
  useEffect(() => {
    const controller = new AbortController();
    call(getCardBalance, { cardId: card.id }, { signal: controller.signal })
      .then(applyFirst)
      .catch(() => undefined); // Shown by the HTTP layer; the Refresh button tries again.
    return () => controller.abort();
  }, [card.id]);

  return (
    <Sheet
      visible
      title={t('balance.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="balance-sheet"
      footer={
        <Button
          block
          fill="outline"
          loading={busy}
          disabled={busy}
          onClick={() => void load()}
          data-testid="balance-refresh"
        >
          {t('balance.refresh')}
        </Button>
      }
    >
      <CardSummary card={card} />
      {balance ? (
        <dl className="cp-cl-cost__lines" data-testid="balance-figures">
          <div className="cp-cl-cost__line cp-cl-cost__line--strong">
            <dt>{t('balance.available')}</dt>
            <dd>
              <Money minor={balance.balance} currency={balance.currency} data-testid="balance-available" />
            </dd>
          </div>
          <div className="cp-cl-cost__line">
            <dt>{t('balance.pending')}</dt>
            <dd>
              <Money minor={balance.pending} currency={balance.currency} />
            </dd>
          </div>
          <div className="cp-cl-cost__line">
            <dt>{t('balance.spent')}</dt>
            <dd>
              <Money minor={balance.spent} currency={balance.currency} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="cp-cl-text">{t('loading')}</p>
      )}
    </Sheet>
  );
}
