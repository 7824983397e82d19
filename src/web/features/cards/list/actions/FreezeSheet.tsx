/**
 * Freeze or activate a card, after a confirmation (spec §4: both need one). A card frozen by the
 * decline-rate rule (frozenBy 'risk') is not reactivated from here: the sheet says why it was
 * frozen and offers customer service, who review the account first.
 */
import Button from '@web/components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFrozen, type CardView } from '@contract/cards';
import { RISK_DECLINE_RATE_BP, RISK_WINDOW_HOURS } from '@contract/card-rules';
import { ServiceDialog } from '@web/components/layout/ServiceDialog';
import { Sheet } from '@web/components/ui/Sheet';
import { ConfirmButtons } from '@web/components/ui/SheetButtons';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { useBusy } from '@web/lib/useBusy';
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
  const { busy, run } = useBusy();
  const [service, setService] = useState(false);
  const riskFrozen = action === 'activate' && card.frozenBy === 'risk';

  const confirm = () =>
    run(async () => {
      const updated = await call(cardFrozen, { cardId: card.id, action });
      toastSuccess(t(action === 'freeze' ? 'freeze.done' : 'activate.done'));
      onDone([updated]);
    });

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
          <ConfirmButtons
            cancel={t('cancel')}
            confirm={t(`${action}.confirm`)}
            onCancel={onClose}
            onConfirm={() => void confirm()}
            busy={busy}
            color={action === 'freeze' ? 'warning' : 'primary'}
            testId="freeze"
          />
        )
      }
    >
      <CardSummary card={card} />
      {riskFrozen ? (
        <div className="cp-notice cp-notice--warn" data-testid="freeze-risk-reason">
          <p>
            {t('risk.reason', {
              rate: (RISK_DECLINE_RATE_BP / 100).toString(),
              hours: RISK_WINDOW_HOURS,
            })}
          </p>
          <p>{t('risk.next')}</p>
        </div>
      ) : (
        <p className="cp-sheet-text" data-testid="freeze-text">
          {t(`${action}.text`)}
        </p>
      )}
      <ServiceDialog visible={service} onClose={() => setService(false)} />
    </Sheet>
  );
}
