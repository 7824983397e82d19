/**
 * FinanceRechargeBank (spec §2 /finance, issue 4 §2-3): the USD bank transfer. Business accounts
 * see the receiving account (with the reference for the memo) and send a transfer forecast with
 * the bank's receipt; the wallet is credited when a reviewer approves it (financeAudit follows
 * it). Other accounts are told why there is no form (`topup/amount` answers `canForecast`): the
 * business verification it takes, with a link to it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bankTransfer, topupAmount, usbank } from '@contract/finance';
import { PageIntro } from '../../../components/ui/PageIntro';
import { PageLoading } from '../../../components/ui/PageLoading';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { hasAccessToken } from '../../../lib/session';
import { financeKeys } from './api';
import { BankDetails } from './components/BankDetails';
import { ForecastForm } from './components/ForecastForm';
import { LoadFailed } from './components/LoadFailed';
import type { ForecastInput } from './forecast-draft';
import { FINANCE_NS } from './i18n';
import './transfer.css';

export function RechargeBankPage() {
  const { t } = useTranslation(FINANCE_NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const limits = useQuery({
    queryKey: financeKeys.limits,
    queryFn: ({ signal }) => call(topupAmount, {}, { signal }),
  });
  const allowed = limits.data?.canForecast === true;
  const bank = useQuery({
    queryKey: financeKeys.usbank,
    queryFn: ({ signal }) => call(usbank, {}, { signal }),
    enabled: () => allowed && hasAccessToken(),
    staleTime: Infinity, // The receiving account does not change while the page is open.
  });

  const send = async (data: ForecastInput, idempotencyKey: string) => {
    await call(bankTransfer, data, { idempotencyKey });
    toastSuccess(t('form.success'));
    await queryClient.invalidateQueries({ queryKey: financeKeys.forecasts });
    await navigate({ to: '/financeAudit' });
  };

  return (
    <div className="cp-page cp-fin" data-testid="recharge-bank-page">
      <PageIntro title={t('bank.title')} lead={t('bank.intro')}>
        <a className="cp-text-link" href="#/financeAudit" data-testid="forecast-history-link">
          {t('bank.history')}
        </a>
      </PageIntro>

      {limits.isPending ? (
        <PageLoading />
      ) : limits.isError ? (
        <LoadFailed
          text={t('bank.loadFailed')}
          onRetry={() => void limits.refetch()}
          testId="limits-failed"
        />
      ) : !allowed ? (
        <div className="cp-panel cp-fin-notice" role="status" data-testid="forecast-business-only">
          <h2 className="cp-panel__title">{t('bank.businessOnly')}</h2>
          {/* What the server's own refusal says (forecast-rules.ts): a verified business, not a
              call to customer service (issue 34 §6). */}
          <p>{t('bank.businessOnlyHint')}</p>
          <a href="#/identity" className="cp-text-link cp-touch" data-testid="forecast-verify-link">
            {t('bank.verifyBusiness')}
          </a>
        </div>
      ) : (
        <div className="cp-fin__grid">
          <div className="cp-fin__column">
            {bank.data ? (
              <BankDetails details={bank.data} />
            ) : bank.isError ? (
              <LoadFailed
                text={t('bank.loadFailed')}
                onRetry={() => void bank.refetch()}
                testId="bank-failed"
              />
            ) : (
              <div className="cp-panel cp-shimmer cp-fin-placeholder" aria-hidden="true" />
            )}
            <Steps />
          </div>
          <section className="cp-panel" aria-labelledby="forecast-form-title">
            <h2 id="forecast-form-title" className="cp-panel__title">
              {t('form.title')}
            </h2>
            <ForecastForm idPrefix="forecast" submitLabel={t('form.submit')} onSubmit={send} />
          </section>
        </div>
      )}
    </div>
  );
}

function Steps() {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <section className="cp-panel" aria-labelledby="forecast-steps-title">
      <h2 id="forecast-steps-title" className="cp-panel__title">
        {t('bank.steps.title')}
      </h2>
      <ol className="cp-steps">
        <li>{t('bank.steps.send')}</li>
        <li>{t('bank.steps.forecast')}</li>
        <li>{t('bank.steps.review')}</li>
      </ol>
    </section>
  );
}
