/**
 * /FinanceRechargeUnionPay (spec §2, permission 2003001): paying by bank card (channel bank_card).
 * Amount in CNY within the channel's limits, the card number (13–19 digits, Luhn-checked here
 * before it is sent) and the e-mail code of recharge/getCode; then the same status sheet as the
 * online channels.
 *
 * The card number lives only in this component's state: never in storage, a query or mutation
 * cache, the URL or a log, and it is cleared as soon as the order exists. The input opts out of
 * autofill so the browser does not offer to keep it either.
 */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../components/ui/SendCodeButton';
import { CodeField, TextField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { ApiError } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { ensureOnline } from '../../../lib/offline';
import { sendCardCode, type OrderStatus, type Quote, type TopupOrder } from './api';
import { AMOUNT_INPUT_ID, AmountField } from './components/AmountField';
import { BankLimitImage } from './components/BankLimitImage';
import { ChannelIcon } from './components/ChannelIcon';
import { OrderSheet } from './components/OrderSheet';
import { PendingOrderBar } from './components/PendingOrderBar';
import { QuoteSummary } from './components/QuoteSummary';
import { RechargeHeader } from './components/RechargeHeader';
import { TopupConfirmSheet } from './components/TopupConfirmSheet';
import { RECHARGE_NS } from './i18n';
import { cardDigits, groupCardDigits, luhnValid } from './luhn';
import { isFinal } from './order-poller';
import { useAmountEntry } from './useAmountEntry';
import { useCreateOrder } from './useCreateOrder';
import './recharge.css';

const CARD_INPUT_ID = 'recharge-card-input';
const CODE_INPUT_ID = 'recharge-code-input';

type CardProblem = 'cardRequired' | 'cardLength' | 'cardLuhn';

function cardProblem(digits: string): CardProblem | null {
  if (digits === '') return 'cardRequired';
  if (digits.length < 13 || digits.length > 19) return 'cardLength';
  return luhnValid(digits) ? null : 'cardLuhn';
}

/** The wait a 429 asks for (data.retryAfter, seconds), so the send button counts it down. */
function retryAfter(error: unknown): number | false {
  if (!(error instanceof ApiError) || error.code !== 429) return false;
  const data = error.data as { retryAfter?: unknown } | null;
  return typeof data?.retryAfter === 'number' ? data.retryAfter : false;
}

export function RechargeUnionPayPage() {
  const { t } = useTranslation(RECHARGE_NS);
  const entry = useAmountEntry('bank_card');
  const { create, busy, forget } = useCreateOrder();
  const [card, setCard] = useState('');
  const [code, setCode] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [order, setOrder] = useState<TopupOrder | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [lastStatus, setLastStatus] = useState<OrderStatus>('pending');
  // Submit asks for the confirmation sheet; it shows once the quote of the typed amount is in (a
  // tap while the quote loads is not lost), and the order is created only from the sheet.
  const [asked, setAsked] = useState(false);
  const quoted = entry.quote.data;
  const confirming: Quote | null =
    asked && entry.check.ok && quoted && !entry.quote.pending && quoted.amount === entry.check.amount
      ? quoted
      : null;

  const cardIssue = cardProblem(card);
  const codeOk = /^\d{6}$/.test(code);
  const cardError = showErrors && cardIssue ? t(`card.${cardIssue}`) : undefined;
  const codeError = showErrors && !codeOk ? t('card.codeInvalid') : undefined;

  const edited =
    <A,>(apply: (value: A) => void) =>
    (value: A) => {
      setAsked(false);
      apply(value);
      forget(); // Another form now: a new idempotency key on the next submission.
    };

  const onSend = async (): Promise<boolean | number> => {
    if (!ensureOnline()) return false;
    try {
      await sendCardCode();
      toastSuccess(t('auth:sendCode.sent'));
      return true;
    } catch (error) {
      return retryAfter(error);
    }
  };

  const { guarded, onSubmit } = useGuardedSubmit(() => {
    entry.touch();
    setShowErrors(true);
    const firstInvalid = !entry.check.ok
      ? AMOUNT_INPUT_ID
      : cardIssue
        ? CARD_INPUT_ID
        : !codeOk
          ? CODE_INPUT_ID
          : null;
    if (firstInvalid || !entry.check.ok) {
      document.getElementById(firstInvalid ?? AMOUNT_INPUT_ID)?.focus();
      return;
    }
    setAsked(true);
  });

  const confirm = () => {
    if (!confirming || !ensureOnline()) return;
    void create({ channel: 'bank_card', amount: confirming.amount, code, cardNo: card }).then((created) => {
      if (!created) return; // Kept as typed, so pressing again retries with the same key.
      setAsked(false);
      setCard('');
      setCode('');
      setShowErrors(false);
      setOrder(created);
      setLastStatus(created.status);
      setSheetOpen(true);
    });
  };

  const closeSheet = (status: OrderStatus) => {
    setSheetOpen(false);
    setLastStatus(status);
    if (status === 'paid') entry.reset();
    if (isFinal(status)) setOrder(null);
  };

  const restart = () => {
    setSheetOpen(false);
    setOrder(null);
    setTimeout(() => document.getElementById(AMOUNT_INPUT_ID)?.focus(), 300);
  };

  return (
    <div className="cp-page cp-recharge cp-recharge--form" data-testid="recharge-unionpay">
      <RechargeHeader title={t('card.title')} lead={t('card.lead')} />
      <div className="cp-recharge__columns">
        <div className="cp-panel cp-recharge-card">
          <div className="cp-recharge-terms">
            <ChannelIcon way="bank_card" size={36} />
            <div className="cp-recharge-terms__text">
              <p className="cp-recharge-terms__name">{t('channel.bank_card')}</p>
              <p className="cp-recharge-terms__line">{t('card.terms')}</p>
            </div>
          </div>
          <form className="cp-recharge-form" onSubmit={onSubmit} noValidate autoComplete="off">
            <AmountField
              rule={entry.rule}
              value={entry.text}
              onChange={edited(entry.setText)}
              onBlur={entry.touch}
              error={entry.fieldError ?? entry.serviceMessage}
              limitsKnown={entry.limitsKnown}
            />
            <TextField
              id={CARD_INPUT_ID}
              label={t('card.number')}
              value={groupCardDigits(card)}
              onChange={edited((text: string) => setCard(cardDigits(text)))}
              error={cardError}
              inputMode="numeric"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={23}
              placeholder={t('card.numberPlaceholder')}
              data-testid="recharge-card-no"
            />
            <CodeField
              id={CODE_INPUT_ID}
              label={t('card.code')}
              value={code}
              onChange={edited((text: string) => setCode(text.replace(/\D/g, '').slice(0, 6)))}
              error={codeError}
              hint={t('card.codeHint')}
              data-testid="recharge-code"
              suffix={<SendCodeButton onSend={onSend} data-testid="recharge-send-code" />}
            />
            <QuoteSummary
              currency={entry.rule.currency}
              quote={entry.quote.data}
              pending={entry.quote.pending}
              error={entry.quote.error}
            />
            <Button
              type="submit"
              block
              color="primary"
              size="large"
              loading={busy}
              disabled={busy || guarded}
              className="cp-submit"
              data-testid="recharge-submit"
            >
              {t('card.submit')}
            </Button>
          </form>
        </div>
        <BankLimitImage />
      </div>
      {order && !sheetOpen && !isFinal(lastStatus) ? (
        <PendingOrderBar order={order} onOpen={() => setSheetOpen(true)} />
      ) : null}
      <TopupConfirmSheet
        quote={confirming}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsked(false)}
      />
      {order ? (
        <OrderSheet
          key={order.orderId}
          order={order}
          visible={sheetOpen}
          onClose={closeSheet}
          onRestart={restart}
        />
      ) : null}
    </div>
  );
}
