/**
 * Recharge one card (spec §1 "recharge", issue 5 §3): the amount, its exact cost with a total per
 * wallet, the paying wallet, then the load at the quoted total. Spec §5/§9: a single load above
 * 1000 USD goes through customer service — the service dialog opens instead of a quote.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_RECHARGE_SERVICE_ABOVE_USD } from '../../../../../contract/card-rules';
import { cardRecharge, rechargeCost, type CardView } from '../../../../../contract/cards';
import { ServiceDialog } from '../../../../components/layout/ServiceDialog';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { formatMoney } from '../../../../lib/money';
import { toastSuccess } from '../../../../lib/notify';
import { refreshWallet } from '../../../../lib/wallet';
import { toMinor } from '../amount';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
import { AmountField } from './AmountField';
import { CostBreakdownView } from './CostBreakdownView';
import { useQuotedCharge } from './useQuotedCharge';

export interface RechargeSheetProps {
  card: CardView;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

/** Spec §5/§9, for cards in USD: above this, customer service. */
export function needsService(currency: string, amount: number): boolean {
  return currency === 'USD' && amount > CARD_RECHARGE_SERVICE_ABOVE_USD;
}

export function RechargeSheet({ card, onClose, onDone }: RechargeSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [service, setService] = useState(false);
  const flow = useQuotedCharge({
    quote: (amount) => call(rechargeCost, { cardId: card.id, amount }),
    charge: (fields, idempotencyKey) =>
      call(cardRecharge, { cardId: card.id, ...fields }, { idempotencyKey }),
  });
  const amount = toMinor(text);
  const overLimit = amount !== null && needsService(card.currency, amount);
  const quoted = flow.cost !== null && flow.cost.amount === amount;

  const change = (value: string) => {
    setText(value);
    setError(undefined);
    if (flow.cost) flow.reset();
  };

  const checkCost = async () => {
    if (amount === null || amount <= 0) return setError(t('common:validation.amount'));
    if (overLimit) return setService(true);
    await flow.requestCost(amount);
  };

  const confirm = async () => {
    const result = await flow.confirm();
    if (!result) return;
    toastSuccess(t('recharge.done', { amount: formatMoney(result.card.balance, result.card.currency) }));
    void refreshWallet();
    onDone([result.card]);
  };

  return (
    <Sheet
      visible
      title={t('recharge.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="recharge-sheet"
      footer={
        quoted && flow.chosenTotal ? (
          <Button
            block
            color="primary"
            loading={flow.busy}
            disabled={flow.busy || !flow.chosenTotal.enough}
            onClick={() => void confirm()}
            data-testid="recharge-confirm"
          >
            {t('recharge.confirm')}{' '}
            <Money minor={flow.chosenTotal.total} currency={flow.chosenTotal.debitCurrency} />
          </Button>
        ) : (
          <Button
            block
            color="primary"
            loading={flow.busy}
            disabled={flow.busy}
            onClick={() => void checkCost()}
            data-testid="recharge-quote"
          >
            {t('recharge.quote')}
          </Button>
        )
      }
    >
      <CardSummary card={card} />
      <AmountField
        label={t('recharge.amount', { currency: card.currency })}
        currency={card.currency}
        value={text}
        onChange={change}
        error={error}
        hint={card.currency === 'USD' ? t('recharge.limitHint') : undefined}
        data-testid="recharge-amount"
      />
      {overLimit ? (
        <div className="cp-cl-notice cp-cl-notice--warn" role="alert" data-testid="recharge-service-notice">
          <p>{t('recharge.viaService')}</p>
          <button
            type="button"
            className="cp-cl-link"
            onClick={() => setService(true)}
            data-testid="recharge-contact-service"
          >
            {t('contactService')}
          </button>
        </div>
      ) : null}
      {flow.repriced ? (
        <p className="cp-cl-notice cp-cl-notice--warn" role="alert" data-testid="recharge-repriced">
          {t('cost.changed')}
        </p>
      ) : null}
      {quoted && flow.cost ? (
        <CostBreakdownView
          breakdown={flow.cost.breakdown}
          debit={flow.debit}
          onDebit={flow.setDebit}
          data-testid="recharge-cost"
        />
      ) : null}
      <ServiceDialog visible={service} onClose={() => setService(false)} />
    </Sheet>
  );
}
