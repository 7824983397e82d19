/** Revoking a forecast asks first (spec: a dialog never acts on a stray tap). */
import { useTranslation } from 'react-i18next';
import { topupCancel, type ForecastView } from '@contract/finance';
import { Sheet } from '@web/components/ui/Sheet';
import { ConfirmButtons } from '@web/components/ui/SheetButtons';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { useBusy } from '@web/lib/useBusy';
import { FINANCE_NS } from '../i18n';

export interface RevokeSheetProps {
  forecast: ForecastView | null;
  onClose: () => void;
  onDone: () => void;
}

export function RevokeSheet({ forecast, onClose, onDone }: RevokeSheetProps) {
  const { t } = useTranslation(FINANCE_NS);
  const { busy, run } = useBusy();

  // A refusal (e.g. the forecast was reviewed meanwhile) keeps the sheet open.
  const revoke = () =>
    run(async () => {
      if (!forecast) return;
      await call(topupCancel, { id: forecast.id });
      toastSuccess(t('audit.revoked'));
      onDone();
    });

  return (
    <Sheet
      visible={forecast !== null}
      title={t('audit.revokeTitle')}
      onClose={onClose}
      data-testid="forecast-revoke-sheet"
      footer={
        <ConfirmButtons
          cancel={t('audit.keep')}
          confirm={t('audit.revokeConfirm')}
          onCancel={onClose}
          onConfirm={() => void revoke()}
          busy={busy}
          color="danger"
          testId="forecast-revoke"
        />
      }
    >
      {forecast ? (
        <p className="cp-sheet-text">
          {t('audit.revokeText', { amount: formatMoney(forecast.amount, 'USD'), txn: forecast.bankTxnNo })}
        </p>
      ) : null}
    </Sheet>
  );
}
