/**
 * Withdraw commission (a bottom sheet on phones): to the wallet (instant, free) or to a saved bank
 * card (fee). The amount, fee, rate and net are on screen before the mailed code is asked for;
 * the code and the submission key go with the request (a retry after a lost answer cannot pay twice).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentCurrency } from '@contract/agent';
import { agentGetCode, withdrawalsInfo, withdrawalsToBankCard, withdrawalsToWallet } from '@contract/agent';
import { FigureLine } from '../../../components/ui/FigureLine';
import { Money } from '../../../components/ui/Money';
import { SegmentedTabs } from '../../../components/ui/SegmentedTabs';
import { SelectField } from '../../../components/ui/SelectField';
import { SendCodeButton } from '../../../components/ui/SendCodeButton';
import { Sheet } from '../../../components/ui/Sheet';
import { SheetButton } from '../../../components/ui/SheetButtons';
import { CodeField, TextField } from '../../../components/ui/TextField';
import { amountErrorKey, cleanAmountInput, parseAmount, plainAmount } from '../../../lib/amount-input';
import { call } from '../../../lib/http';
import { formatMoney } from '../../../lib/money';
import { toastSuccess } from '../../../lib/notify';
import { useStepUp } from '../../../lib/step-up';
import { useBusy } from '../../../lib/useBusy';
import { useSubmissionKey } from '../../../lib/useSubmissionKey';
import { agentKeys } from '../api';
import { AGENT_NS } from '../i18n';
import { useBankCards } from './BankCardsPanel';
import type { Target } from './withdraw-quote';
import { quoteWithdrawal } from './withdraw-quote';

export function WithdrawSheet({
  visible,
  onClose,
  onDone,
}: {
  visible: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(AGENT_NS);
  const rules = useQuery({
    queryKey: agentKeys.rules,
    queryFn: ({ signal }) => call(withdrawalsInfo, {}, { signal }),
    enabled: visible,
  });
  const cards = useBankCards();
  const [target, setTarget] = useState<Target>('wallet');
  const [currency, setCurrency] = useState<AgentCurrency>('CNY');
  const [amountText, setAmountText] = useState('');
  const [cardId, setCardId] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useBusy();
  const submission = useSubmissionKey();
  const askStepUp = useStepUp();

  const rule = rules.data?.find((r) => r.currency === currency);
  const amount = parseAmount(amountText) ?? 0;
  const quote = rule ? quoteWithdrawal(rule, target, amount) : null;
  const chosenCard = cardId || cards.data?.[0]?.id || '';
  const money = (minor: number) => formatMoney(minor, currency);
  // Text that is not an amount (`-600`, `600.123`) is said at once instead of read as zero.
  const typedProblem = amountText.trim() !== '' && parseAmount(amountText) === null;
  const problemText = typedProblem
    ? t(amountErrorKey(amountText))
    : quote?.problem && amount > 0
      ? t(`withdraw.problem.${quote.problem}`, {
          min: money(quote.minimum),
          max: money(quote.maximum),
          available: money(rule?.available ?? 0),
        })
      : undefined;
  const ready =
    quote !== null && amount > 0 && quote.problem === null && (target === 'wallet' || chosenCard !== '');

  const submit = () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('withdraw.codeNeeded'));
      return;
    }
    setError(undefined);
    void run(async () => {
      const fields = { target, currency, amount, bankCardId: chosenCard, code: code.trim() };
      // Money leaving for a bank needs the password (or Google code) again: the shared step-up sheet.
      const stepUpTicket = target === 'bank_card' ? await askStepUp('bank_withdrawal') : null;
      if (target === 'bank_card' && !stepUpTicket) return;
      await submission.send(fields, (idempotencyKey) =>
        target === 'wallet'
          ? call(withdrawalsToWallet, { currency, amount, code: fields.code }, { idempotencyKey })
          : call(
              withdrawalsToBankCard,
              {
                currency,
                amount,
                bankCardId: chosenCard,
                code: fields.code,
                stepUpTicket: stepUpTicket ?? undefined,
              },
              { idempotencyKey },
            ),
      );
      toastSuccess(t(target === 'wallet' ? 'withdraw.doneWallet' : 'withdraw.doneBank'));
      setAmountText('');
      setCode('');
      onDone();
    });
  };

  return (
    <Sheet
      visible={visible}
      title={t('withdraw.title')}
      onClose={onClose}
      data-testid="withdraw-sheet"
      footer={
        <SheetButton onClick={submit} busy={busy} disabled={!ready} data-testid="withdraw-confirm">
          {quote && ready ? t('withdraw.confirm', { net: money(quote.net) }) : t('withdraw.confirmIdle')}
        </SheetButton>
      }
    >
      <SegmentedTabs<Target>
        items={[
          { key: 'wallet', title: t('withdraw.toWallet') },
          { key: 'bank_card', title: t('withdraw.toBank') },
        ]}
        active={target}
        onChange={setTarget}
        idPrefix="withdraw-target"
        label={t('withdraw.target')}
      />
      <SegmentedTabs<AgentCurrency>
        items={[
          { key: 'CNY', title: 'CNY' },
          { key: 'USD', title: 'USD' },
        ]}
        active={currency}
        onChange={setCurrency}
        idPrefix="withdraw-currency"
        label={t('withdraw.currency')}
      />
      {target === 'bank_card' ? (
        cards.data && cards.data.length > 0 ? (
          <SelectField
            label={t('withdraw.card')}
            value={chosenCard}
            options={cards.data.map((c) => ({ value: c.id, label: `${c.bank} ${c.cardMasked}` }))}
            onChange={setCardId}
            data-testid="withdraw-card"
          />
        ) : (
          <p className="cp-notice cp-notice--warn">{t('withdraw.noCard')}</p>
        )
      ) : null}
      <TextField
        name="amount"
        label={t('withdraw.amount', { currency })}
        value={amountText}
        onChange={(v) => setAmountText(cleanAmountInput(v))}
        inputMode="decimal"
        error={problemText}
        hint={rule ? t('withdraw.available', { amount: money(rule.available) }) : undefined}
        suffix={
          rule && rule.available > 0 ? (
            <button
              type="button"
              className="cp-small-button"
              onClick={() => setAmountText(plainAmount(rule.available))}
              data-testid="withdraw-all"
            >
              {t('withdraw.all')}
            </button>
          ) : undefined
        }
        data-testid="withdraw-amount"
      />
      {quote ? (
        <dl className="cp-figures cp-figures--boxed" data-testid="withdraw-quote">
          <FigureLine label={t('withdraw.figAmount')}>
            <Money minor={amount} currency={currency} />
          </FigureLine>
          <FigureLine label={t('withdraw.figRate')} data-testid="withdraw-rate">
            {target === 'wallet'
              ? t('withdraw.free')
              : t('withdraw.rate', {
                  rate: (quote.rateBp / 100).toString(),
                  min: money(rule!.bankCard.minFee),
                })}
          </FigureLine>
          <FigureLine label={t('withdraw.figFee')} data-testid="withdraw-fee">
            <Money minor={amount > 0 ? quote.fee : 0} currency={currency} />
          </FigureLine>
          <FigureLine label={t('withdraw.figNet')} total data-testid="withdraw-net">
            <Money minor={amount > 0 ? quote.net : 0} currency={currency} />
          </FigureLine>
        </dl>
      ) : null}
      {target === 'bank_card' ? <p className="cp-muted">{t('withdraw.bankNote')}</p> : null}
      <CodeField
        name="code"
        label={t('withdraw.code')}
        value={code}
        onChange={setCode}
        error={error}
        disabled={!ready}
        suffix={
          <SendCodeButton
            disabled={!ready}
            onSend={async () => (await call(agentGetCode, {})).resendIn}
            data-testid="withdraw-send-code"
          />
        }
        data-testid="withdraw-code"
      />
    </Sheet>
  );
}
