/**
 * The sheet of a card load, one card or a batch (spec §1 "recharge", issue 5 §3): the amount, its
 * exact cost with a total per wallet, the paying wallet, then the load at the quoted total
 * (useQuotedCharge). Spec §5/§9: a load above 1000 USD per card goes through customer service —
 * the service notice shows instead of a quote. The callers give what differs: the calls, the
 * title, and what sits above the amount.
 *
 * The cost shows live (issue 34 §7, as the top-ups do): a moment after the customer stops typing a
 * valid amount it is asked; "Check the cost" stays for whoever taps before that.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CostBreakdown } from '@contract/cards';
import { CARD_RECHARGE_SERVICE_ABOVE_USD } from '@contract/card-rules';
import type { CurrencyCode } from '@contract/core';
import { ServiceDialog } from '@web/components/layout/ServiceDialog';
import { ServiceNotice } from '@web/components/layout/ServiceNotice';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { SheetButton } from '@web/components/ui/SheetButtons';
import { amountErrorKey, parseAmount } from '@web/lib/amount-input';
import { refreshWallet } from '@web/lib/wallet';
import { CARD_LIST_NS } from '../i18n';
import { AmountField } from './AmountField';
import { CostBreakdownView } from './CostBreakdownView';
import { useQuotedCharge, type ChargeFields } from './useQuotedCharge';

/** How long typing pauses before the cost of the amount is asked. */
export const LIVE_QUOTE_DELAY_MS = 450;

/** Spec §5/§9, for cards in USD: above this, customer service. */
export function needsService(currency: string, amount: number): boolean {
  return currency === 'USD' && amount > CARD_RECHARGE_SERVICE_ABOVE_USD;
}

export interface LoadSheetProps<R> {
  title: string;
  /** The prefix of every test id: `-sheet`, `-amount`, `-quote`, `-confirm`, `-cost`, … */
  testId: string;
  currency: CurrencyCode;
  amountLabel: string;
  amountHint?: string;
  /** Nothing can be quoted (the caller says why above the amount). */
  blocked?: boolean;
  /** What the load is about, above the amount: the card, or the batch and its problems. */
  head: ReactNode;
  quote: (amount: number) => Promise<CostBreakdown>;
  charge: (fields: ChargeFields, idempotencyKey: string) => Promise<R>;
  /** Loaded: the caller says so and hands the cards on; the wallet is refreshed here. */
  onCharged: (result: R) => void;
  onClose: () => void;
}

export function LoadSheet<R>({
  title,
  testId,
  currency,
  amountLabel,
  amountHint,
  blocked = false,
  head,
  quote,
  charge,
  onCharged,
  onClose,
}: LoadSheetProps<R>) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [service, setService] = useState(false);
  const flow = useQuotedCharge({ quote, charge });
  const amount = parseAmount(text);
  const overLimit = amount !== null && needsService(currency, amount);
  const quoted = flow.cost !== null && flow.cost.amount === amount;
  const { requestCost } = flow;
  // Read when the pause ends: a cost asked by the button meanwhile (or still on its way) is not
  // asked again.
  const settled = useRef(false);
  useEffect(() => {
    settled.current = quoted || flow.busy;
  });

  useEffect(() => {
    if (blocked || amount === null || amount <= 0 || overLimit || quoted) return;
    const timer = setTimeout(() => {
      if (!settled.current) void requestCost(amount);
    }, LIVE_QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
    // requestCost is a new function each render; the amount is what starts a quote.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amount, blocked, overLimit]);

  const change = (value: string) => {
    setText(value);
    setError(undefined);
    if (flow.cost) flow.reset();
  };

  const checkCost = async () => {
    if (amount === null || amount <= 0) return setError(t(amountErrorKey(text)));
    if (overLimit) return setService(true);
    await flow.requestCost(amount);
  };

  const confirm = async () => {
    const result = await flow.confirm();
    if (result === null) return;
    void refreshWallet();
    onCharged(result);
  };

  return (
    <Sheet
      visible
      title={title}
      onClose={onClose}
      data-testid={`${testId}-sheet`}
      footer={
        quoted && flow.chosenTotal ? (
          <SheetButton
            busy={flow.busy}
            disabled={!flow.chosenTotal.enough}
            onClick={() => void confirm()}
            data-testid={`${testId}-confirm`}
          >
            {t('recharge.confirm')}{' '}
            <Money minor={flow.chosenTotal.total} currency={flow.chosenTotal.debitCurrency} />
          </SheetButton>
        ) : (
          <SheetButton
            busy={flow.busy}
            disabled={blocked}
            onClick={() => void checkCost()}
            data-testid={`${testId}-quote`}
          >
            {t('recharge.quote')}
          </SheetButton>
        )
      }
    >
      {head}
      <AmountField
        label={amountLabel}
        currency={currency}
        value={text}
        onChange={change}
        error={error}
        hint={amountHint}
        data-testid={`${testId}-amount`}
      />
      {overLimit ? (
        <ServiceNotice
          message={t('recharge.viaService')}
          data-testid={`${testId}-service-notice`}
          contactTestId={`${testId}-contact-service`}
        />
      ) : null}
      {flow.repriced ? (
        <p className="cp-notice cp-notice--warn" role="alert" data-testid={`${testId}-repriced`}>
          {t('cost.changed')}
        </p>
      ) : null}
      {quoted && flow.cost ? (
        <CostBreakdownView
          breakdown={flow.cost.breakdown}
          debit={flow.debit}
          onDebit={flow.setDebit}
          data-testid={`${testId}-cost`}
        />
      ) : null}
      <ServiceDialog visible={service} onClose={() => setService(false)} />
    </Sheet>
  );
}
