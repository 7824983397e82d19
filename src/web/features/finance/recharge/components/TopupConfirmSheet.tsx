/**
 * The confirmation of a top-up before its order is created (issue 18 §4): what is paid, the fee,
 * and what reaches the wallet, from the quote the page already shows.
 */
import { useTranslation } from 'react-i18next';
import { AmountConfirmSheet } from '@web/components/ui/AmountConfirmSheet';
import type { Quote } from '../api';
import { RECHARGE_NS } from '../i18n';

export interface TopupConfirmSheetProps {
  quote: Quote | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function TopupConfirmSheet({ quote, busy, onConfirm, onCancel }: TopupConfirmSheetProps) {
  const { t } = useTranslation(RECHARGE_NS);
  // Mounted only while confirming, so a cancelled or confirmed sheet leaves nothing behind.
  if (!quote) return null;
  const currency = quote.currency;
  return (
    <AmountConfirmSheet
      visible
      title={t('confirm.title')}
      figures={[
        { label: t('quote.pay'), minor: quote.amount, currency, testId: 'topup-confirm-amount' },
        { label: t('quote.fee'), minor: quote.fee, currency, testId: 'topup-confirm-fee' },
        {
          label: t('quote.credit'),
          minor: quote.credit,
          currency,
          total: true,
          testId: 'topup-confirm-credit',
        },
      ]}
      note={t('confirm.note')}
      confirmText={t('confirm.create')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="topup-confirm"
    />
  );
}
