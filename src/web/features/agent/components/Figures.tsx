/**
 * The agent's money per currency: available (what a withdrawal can take), pending (with the date
 * the next commission is freed), on its way to a bank, withdrawn, bank fees, what is owed back, and
 * the lifetime total. The lines add up to the total in every state of every withdrawal (issue 29
 * item 14): a bank payout's fee is shown from its request, not only once the payout is paid.
 */
import Button from '../../../components/ui/Button';
import { useTranslation } from 'react-i18next';
import type { AgentBalance, AgentInfoView } from '@contract/agent';
import { agentCurrency } from '@contract/agent';
import { FigureLine } from '../../../components/ui/FigureLine';
import { Money } from '../../../components/ui/Money';
import { productDate } from '../../../lib/product-time';
import { AGENT_NS } from '../i18n';

const ZERO = { pending: 0, available: 0, inPayout: 0, withdrawn: 0, fees: 0, owed: 0, earned: 0 };

export function Figures({ info, onWithdraw }: { info: AgentInfoView; onWithdraw: () => void }) {
  const { t } = useTranslation(AGENT_NS);
  const balances: AgentBalance[] = agentCurrency.options.map(
    (currency) => info.balances.find((b) => b.currency === currency) ?? { currency, ...ZERO },
  );
  const anyAvailable = balances.some((b) => b.available > 0);
  return (
    <section className="cp-panel cp-agent-figures" aria-labelledby="agent-figures-title">
      <div className="cp-agent-figures__head">
        <h2 id="agent-figures-title" className="cp-panel__title">
          {t('figures.title')}
        </h2>
        <span className="cp-muted" data-testid="agent-invitee-count">
          {t('figures.invitees', { count: info.inviteeCount })}
        </span>
      </div>
      <div className="cp-agent-figures__grid">
        {balances.map((b) => (
          <dl
            className="cp-figures cp-figures--boxed"
            key={b.currency}
            data-testid={`agent-balance-${b.currency}`}
          >
            <FigureLine label={t('figures.available')} data-testid={`agent-available-${b.currency}`}>
              <Money minor={b.available} currency={b.currency} />
            </FigureLine>
            <FigureLine label={t('figures.pending')} data-testid={`agent-pending-${b.currency}`}>
              <Money minor={b.pending} currency={b.currency} />
            </FigureLine>
            {b.inPayout > 0 ? (
              <FigureLine label={t('figures.inPayout')} data-testid={`agent-in-payout-${b.currency}`}>
                <Money minor={b.inPayout} currency={b.currency} />
              </FigureLine>
            ) : null}
            <FigureLine label={t('figures.withdrawn')} data-testid={`agent-withdrawn-${b.currency}`}>
              <Money minor={b.withdrawn} currency={b.currency} />
            </FigureLine>
            {b.fees > 0 ? (
              <FigureLine label={t('figures.fees')} data-testid={`agent-fees-${b.currency}`}>
                <Money minor={b.fees} currency={b.currency} />
              </FigureLine>
            ) : null}
            {b.owed > 0 ? (
              <FigureLine label={t('figures.owed')} data-testid={`agent-owed-${b.currency}`}>
                <Money minor={-b.owed} currency={b.currency} />
              </FigureLine>
            ) : null}
            <FigureLine label={t('figures.earned')} total data-testid={`agent-earned-${b.currency}`}>
              <Money minor={b.earned} currency={b.currency} />
            </FigureLine>
          </dl>
        ))}
      </div>
      <p className="cp-muted cp-agent-figures__note">
        {info.nextReleaseAt
          ? t('figures.nextRelease', { date: productDate(info.nextReleaseAt), days: info.holdDays })
          : t('figures.hold', { days: info.holdDays })}
      </p>
      <Button color="primary" onClick={onWithdraw} disabled={!anyAvailable} data-testid="agent-withdraw">
        {t('figures.withdraw')}
      </Button>
    </section>
  );
}
