/**
 * The 3-D Secure codes screen (issue 5 §4): a full-height bottom sheet on a phone, a dialog on a
 * wide screen. Opened from the card list's "3DS codes" button (every card's codes, getThreePool)
 * or from one card's actions (that card's, getOtp). It refreshes by itself while open.
 */
import { useTranslation } from 'react-i18next';
import { OTP_WINDOW_SECONDS } from '@contract/card-rules';
import { RefreshIcon } from '../../../components/ui/icons';
import { PushOptInLazy } from '../../../components/ui/push/PushOptInLazy';
import { Sheet } from '../../../components/ui/Sheet';
import { maskedLast4 } from '../list/card-format';
import { CARD_LIST_NS } from '../list/i18n';
import { OtpList } from './OtpList';
import { useOtpCodes, type OtpSource } from './useOtpCodes';
import './otp.css';

export interface OtpSheetProps {
  visible: boolean;
  onClose: () => void;
  /** One card's codes; all the caller's cards when absent. */
  card?: { id: string; last4: string };
}

export function OtpSheet({ visible, onClose, card }: OtpSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const source: OtpSource = card ? { kind: 'card', cardId: card.id } : { kind: 'pool' };
  const { codes, loading, failed, refresh } = useOtpCodes(source, visible);
  const minutes = OTP_WINDOW_SECONDS / 60;

  return (
    <Sheet
      visible={visible}
      fullHeight
      wideWidth={560}
      title={card ? t('otp.cardTitle', { card: maskedLast4(card.last4) }) : t('otp.title')}
      onClose={onClose}
      data-testid="otp-sheet"
    >
      <div className="cp-otp-head">
        <p className="cp-otp-head__text">{t('otp.intro', { minutes })}</p>
        <button
          type="button"
          className="cp-small-button cp-small-button--round"
          onClick={refresh}
          disabled={loading}
          data-testid="otp-refresh"
        >
          <RefreshIcon />
          {t('otp.refresh')}
        </button>
      </div>
      {visible && <PushOptInLazy compact />}
      <p className="cp-otp-head__auto" aria-live="polite">
        {failed ? (
          <span className="cp-otp-head__failed" data-testid="otp-failed">
            {t('otp.failed')}
          </span>
        ) : (
          t('otp.auto')
        )}
      </p>
      {codes === null ? (
        <div className="cp-otp-empty" role="status">
          {failed ? null : t('loading')}
        </div>
      ) : codes.length === 0 ? (
        <div className="cp-otp-empty" data-testid="otp-empty">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
            <rect
              x="10"
              y="6"
              width="28"
              height="36"
              rx="5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            />
            <path
              d="M18 18h12M18 25h12M18 32h6"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
          <p className="cp-otp-empty__title">{t('otp.emptyTitle')}</p>
          <p className="cp-otp-empty__text">{t('otp.emptyText', { minutes })}</p>
        </div>
      ) : (
        <OtpList codes={codes} showCard={!card} />
      )}
    </Sheet>
  );
}
