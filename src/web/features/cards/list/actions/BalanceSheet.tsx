/**
 * The card's balance as the issuer holds it now (getCardBalance): available, held by pending
 * authorizations, and spent so far. Refreshing also updates the list's row.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCardBalance, type CardView } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { SheetButton } from '@web/components/ui/SheetButtons';
import { call } from '@web/lib/http';
import { useBusy } from '@web/lib/useBusy';
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
  const { busy, run } = useBusy();

  const apply = useCallback(
    (fresh: Balance) => {
      setBalance(fresh);
      if (fresh.balance !== card.balance || fresh.spent !== card.spent)
        onFresh([{ ...card, balance: fresh.balance, spent: fresh.spent }]);
    },
    [card, onFresh],
  );

  const load = () => run(async () => apply(await call(getCardBalance, { cardId: card.id })));

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
        <SheetButton
          busy={busy}
          color="default"
          fill="outline"
          onClick={() => void load()}
          data-testid="balance-refresh"
        >
          {t('balance.refresh')}
        </SheetButton>
      }
    >
      <CardSummary card={card} />
      {balance ? (
        <dl className="cp-figures cp-figures--boxed" data-testid="balance-figures">
          <FigureLine label={t('balance.available')} total>
            <Money minor={balance.balance} currency={balance.currency} data-testid="balance-available" />
          </FigureLine>
          <FigureLine label={t('balance.pending')}>
            <Money minor={balance.pending} currency={balance.currency} />
          </FigureLine>
          <FigureLine label={t('balance.spent')}>
            <Money minor={balance.spent} currency={balance.currency} />
          </FigureLine>
        </dl>
      ) : (
        <p className="cp-sheet-text">{t('loading')}</p>
      )}
    </Sheet>
  );
}
