/** Revoking a forecast asks first (spec: a dialog never acts on a stray tap). */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { topupCancel, type ForecastView } from '../../../../../contract/finance';
import { Sheet } from '../../../../components/ui/Sheet';
import { call } from '../../../../lib/http';
import { formatMoney } from '../../../../lib/money';
import { toastSuccess } from '../../../../lib/notify';
import { FINANCE_NS } from '../i18n';

export interface RevokeSheetProps {
  forecast: ForecastView | null;
  onClose: () => void;
  onDone: () => void;
}

export function RevokeSheet({ forecast, onClose, onDone }: RevokeSheetProps) {
  const { t } = useTranslation(FINANCE_NS);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!forecast) return;
    setBusy(true);
    try {
      await call(topupCancel, { id: forecast.id });
      toastSuccess(t('audit.revoked'));
      onDone();
    } catch {
      // Shown by the HTTP layer (e.g. the forecast was reviewed meanwhile); the sheet stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible={forecast !== null}
      title={t('audit.revokeTitle')}
      onClose={onClose}
      data-testid="forecast-revoke-sheet"
      footer={
        <div className="cp-fin-actions">
          <Button block fill="outline" onClick={onClose} disabled={busy} data-testid="forecast-revoke-cancel">
            {t('audit.keep')}
          </Button>
          <Button
            block
            color="danger"
            loading={busy}
            disabled={busy}
            onClick={() => void revoke()}
            data-testid="forecast-revoke-confirm"
          >
            {t('audit.revokeConfirm')}
          </Button>
        </div>
      }
    >
      {forecast ? (
        <p className="cp-fin-sheet-text">
          {t('audit.revokeText', { amount: formatMoney(forecast.amount, 'USD'), txn: forecast.bankTxnNo })}
        </p>
      ) : null}
    </Sheet>
  );
}
