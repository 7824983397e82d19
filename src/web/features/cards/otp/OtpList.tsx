/**
 * The 3-D Secure codes, newest first: each code large and one tap to copy, with the merchant, the
 * amount, the card, and a countdown of the time it can still be used. Expired codes stay listed
 * (the pool covers the last hour) but are dimmed and say so.
 */
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/Money';
import { copyWithNotice } from '../../../lib/clipboard';
import { productDateTime } from '../../../lib/product-time';
import { maskedLast4 } from '../list/card-format';
import { CARD_LIST_NS } from '../list/i18n';
import { minutesSeconds, spacedCode, useCodesClock } from './otp-clock';
import type { OtpCode } from './useOtpCodes';

export function OtpList({ codes, showCard }: { codes: readonly OtpCode[]; showCard: boolean }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const now = useCodesClock(codes);

  const copy = (code: string) => void copyWithNotice(code, t('copyFailed'));

  return (
    <ul className="cp-otp-list" aria-label={t('otp.listLabel')} data-testid="otp-list">
      {codes.map((code) => {
        const left = Math.max(0, Math.ceil((code.expiresAt - now) / 1000));
        const expired = left === 0;
        return (
          <li
            key={code.id}
            className={`cp-otp ${expired ? 'cp-otp--expired' : ''}`}
            data-testid="otp-item"
            data-expired={expired}
          >
            {/* An expired code is no use to a merchant: shown for the record, not offered to copy. */}
            <button
              type="button"
              className="cp-otp__code"
              onClick={() => copy(code.code)}
              disabled={expired}
              data-testid="otp-code"
            >
              <span className="cp-mono">{spacedCode(code.code)}</span>
              {expired ? null : <span className="cp-otp__copy">{t('otp.tapToCopy')}</span>}
            </button>
            <div className="cp-otp__meta">
              <span className="cp-otp__merchant" data-testid="otp-merchant">
                {code.merchantName}
              </span>
              <Money minor={code.amount} currency={code.currency} className="cp-otp__amount" />
            </div>
            <div className="cp-otp__meta cp-otp__meta--muted">
              {showCard ? (
                <span data-testid="otp-card">
                  {t('row.serial', { serial: code.cardSerial })} · {maskedLast4(code.last4)}
                </span>
              ) : null}
              <span>{productDateTime(code.createdAt)}</span>
              <span className="cp-otp__left" role="timer" aria-live="off" data-testid="otp-left">
                {expired ? t('otp.expired') : t('otp.left', { time: minutesSeconds(left) })}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
