/**
 * Resubmitting a rejected or revoked forecast: the same form as the first forecast, filled with the
 * old fields (and the old proof image) for the customer to correct.
 */
import { useTranslation } from 'react-i18next';
import { topupSubmit, type ForecastView } from '@contract/finance';
import { Sheet } from '@web/components/ui/Sheet';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { draftOf, type ForecastInput } from '../forecast-draft';
import { FINANCE_NS } from '../i18n';
import { useProofUrl } from '../useProofUrl';
import { ForecastForm } from './ForecastForm';

export interface ResubmitSheetProps {
  forecast: ForecastView | null;
  onClose: () => void;
  onDone: () => void;
}

export function ResubmitSheet({ forecast, onClose, onDone }: ResubmitSheetProps) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <Sheet
      visible={forecast !== null}
      title={t('audit.resubmitTitle')}
      onClose={onClose}
      wideWidth={720}
      data-testid="forecast-resubmit-sheet"
    >
      {/* Mounted only while open, so every opening starts from the forecast's stored fields. */}
      {forecast ? <ResubmitForm forecast={forecast} onDone={onDone} /> : null}
    </Sheet>
  );
}

function ResubmitForm({ forecast, onDone }: { forecast: ForecastView; onDone: () => void }) {
  const { t } = useTranslation(FINANCE_NS);
  const proof = useProofUrl(forecast.proofFileId);

  const send = async (data: ForecastInput, idempotencyKey: string) => {
    await call(topupSubmit, { ...data, id: forecast.id }, { idempotencyKey });
    toastSuccess(t('form.resubmitted'));
    onDone();
  };

  return (
    <>
      {forecast.rejectReason ? (
        <p className="cp-notice cp-notice--error" data-testid="resubmit-reason">
          {t('audit.rejectReason', { reason: forecast.rejectReason })}
        </p>
      ) : null}
      <ForecastForm
        idPrefix="resubmit"
        initial={draftOf(forecast)}
        initialProofUrl={proof.url}
        submitLabel={t('form.resubmit')}
        onSubmit={send}
      />
    </>
  );
}
