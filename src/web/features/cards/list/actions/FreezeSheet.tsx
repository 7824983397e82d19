/**
 * Freeze or activate a card, after a confirmation (spec §4: both need one). A card frozen by the
 * decline-rate rule (frozenBy 'risk') is not reactivated from here: the sheet says why it was
 * frozen and offers customer service, who review the account first.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_DECLINE_RATE_BP, RISK_WINDOW_HOURS } from '../../../../../contract/card-rules';
import { cardFrozen, type CardView } from '../../../../../contract/cards';
import { ServiceDialog } from '../../../../components/layout/ServiceDialog';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { toastSuccess } from '../../../../lib/notify';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';

export interface FreezeSheetProps {
  card: CardView;
  action: 'freeze' | 'activate';
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

export function FreezeSheet({ card, action, onClose, onDone }: FreezeSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [busy, setBusy] = useState(false);
  const [service, setService] = useState(false);
  const riskFrozen = action === 'activate' && card.frozenBy === 'risk';

  const run = async () => {
    setBusy(true);
    try {
      const updated = await call(cardFrozen, { cardId: card.id, action });
      toastSuccess(t(action === 'freeze' ? 'freeze.done' : 'activate.done'));
      onDone([updated]);
    } catch {
      // The HTTP layer has said why; the sheet stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible
      title={t(`${action}.title`, { last4: card.last4 })}
      onClose={onClose}
      data-testid="freeze-sheet"
      footer={
        riskFrozen ? (
          <Button block color="primary" onClick={() => setService(true)} data-testid="freeze-contact-service">
            {t('contactService')}
          </Button>
        ) : (
          <div className="cp-cl-buttons">
            <Button block fill="outline" onClick={onClose} disabled={busy} data-testid="freeze-cancel">
              {t('cancel')}
            </Button>
            <Button
              block
              color={action === 'freeze' ? 'warning' : 'primary'}
              loading={busy}
              disabled={busy}
              onClick={() => void run()}
              data-testid="freeze-confirm"
            >
              {t(`${action}.confirm`)}
            </Button>
          </div>
        )
      }
    >
      <CardSummary card={card} />
      {riskFrozen ? (
        <div className="cp-cl-notice cp-cl-notice--warn" data-testid="freeze-risk-reason">
          <p>
            {t('risk.reason', {
              rate: (RISK_DECLINE_RATE_BP / 100).toString(),
              hours: RISK_WINDOW_HOURS,
            })}
          </p>
          <p>{t('risk.next')}</p>
        </div>
      ) : (
        <p className="cp-cl-text" data-testid="freeze-text">
          {t(`${action}.text`)}
        </p>
      )}
      <ServiceDialog visible={service} onClose={() => setService(false)} />
    </Sheet>
  );
}
