/**
 * Batch recharge (issue 5 §3): the same amount onto each selected card, priced by
 * batchRechargeCost, charged all or nothing by batchRecharge at the quoted total. The cards of one
 * batch share a currency (one amount, one price); the 1000 USD rule applies per card.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_ACTION_MAX } from '../../../../../contract/card-rules';
import { batchRecharge, batchRechargeCost, type CardView } from '../../../../../contract/cards';
import { ServiceDialog } from '../../../../components/layout/ServiceDialog';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { toastSuccess } from '../../../../lib/notify';
import { refreshWallet } from '../../../../lib/wallet';
import { toMinor } from '../amount';
import { CARD_LIST_NS } from '../i18n';
import { AmountField } from './AmountField';
import { CostBreakdownView } from './CostBreakdownView';
import { needsService } from './RechargeSheet';
import { useQuotedCharge } from './useQuotedCharge';

export interface BatchRechargeSheetProps {
  cards: readonly CardView[];
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

export function BatchRechargeSheet({ cards, onClose, onDone }: BatchRechargeSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [service, setService] = useState(false);
  // Sent comma-separated: a form field given twice keeps only its last value on the server.
  const cardIds = cards.map((card) => card.id).join(',');
  const flow = useQuotedCharge({
    quote: (amount) => call(batchRechargeCost, { cardIds, amount }),
    charge: (fields, idempotencyKey) => call(batchRecharge, { cardIds, ...fields }, { idempotencyKey }),
  });
  const currencies = new Set(cards.map((card) => card.currency));
  const currency = cards[0]?.currency ?? 'USD';
  const mixed = currencies.size > 1;
  const tooMany = cards.length > BATCH_ACTION_MAX;
  const amount = toMinor(text);
  const overLimit = amount !== null && needsService(currency, amount);
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
    toastSuccess(t('batch.recharged', { count: result.cards.length }));
    void refreshWallet();
    onDone(result.cards);
  };

  const blocked = mixed || tooMany || cards.length === 0;

  return (
    <Sheet
      visible
      title={t('batch.rechargeTitle', { count: cards.length })}
      onClose={onClose}
      data-testid="batch-recharge-sheet"
      footer={
        quoted && flow.chosenTotal ? (
          <Button
            block
            color="primary"
            loading={flow.busy}
            disabled={flow.busy || !flow.chosenTotal.enough}
            onClick={() => void confirm()}
            data-testid="batch-recharge-confirm"
          >
            {t('recharge.confirm')}{' '}
            <Money minor={flow.chosenTotal.total} currency={flow.chosenTotal.debitCurrency} />
          </Button>
        ) : (
          <Button
            block
            color="primary"
            loading={flow.busy}
            disabled={flow.busy || blocked}
            onClick={() => void checkCost()}
            data-testid="batch-recharge-quote"
          >
            {t('recharge.quote')}
          </Button>
        )
      }
    >
      <p className="cp-cl-text">{t('batch.rechargeText', { count: cards.length })}</p>
      {mixed ? (
        <p className="cp-cl-notice cp-cl-notice--warn" role="alert" data-testid="batch-mixed">
          {t('batch.mixedCurrencies')}
        </p>
      ) : null}
      {tooMany ? (
        <p className="cp-cl-notice cp-cl-notice--warn" role="alert">
          {t('cards:validation.tooManyCards')}
        </p>
      ) : null}
      <AmountField
        label={t('batch.amountEach', { currency })}
        currency={currency}
        value={text}
        onChange={change}
        error={error}
        data-testid="batch-recharge-amount"
      />
      {overLimit ? (
        <div className="cp-cl-notice cp-cl-notice--warn" role="alert">
          <p>{t('recharge.viaService')}</p>
          <button type="button" className="cp-cl-link" onClick={() => setService(true)}>
            {t('contactService')}
          </button>
        </div>
      ) : null}
      {flow.repriced ? (
        <p className="cp-cl-notice cp-cl-notice--warn" role="alert" data-testid="batch-recharge-repriced">
          {t('cost.changed')}
        </p>
      ) : null}
      {quoted && flow.cost ? (
        <CostBreakdownView
          breakdown={flow.cost.breakdown}
          debit={flow.debit}
          onDebit={flow.setDebit}
          data-testid="batch-recharge-cost"
        />
      ) : null}
      <ServiceDialog visible={service} onClose={() => setService(false)} />
    </Sheet>
  );
}
