/**
 * A USDT order the chain has seen (issue 34 §7): sent → confirming → credited, in place of the QR
 * code and the address, so nobody who has paid is shown something to pay again. The chain's
 * confirmation count is not reported to us; the expected end (`confirmAt`) is, and is said.
 */
import { useTranslation } from 'react-i18next';
import { TickIcon } from '@web/components/ui/icons';
import { PRODUCT_ZONE, productDateTime } from '@web/lib/product-time';
import type { TopupOrder } from '../api';
import { RECHARGE_NS } from '../i18n';

type StepState = 'done' | 'current' | 'todo';

const STEPS: readonly { key: 'sent' | 'confirming' | 'credited'; state: StepState }[] = [
  { key: 'sent', state: 'done' },
  { key: 'confirming', state: 'current' },
  { key: 'credited', state: 'todo' },
];

export function ChainProgress({ order }: { order: TopupOrder }) {
  const { t } = useTranslation(RECHARGE_NS);
  const expected = order.confirmAt ? `${productDateTime(order.confirmAt).slice(11)} ${PRODUCT_ZONE}` : null;
  const detail = (key: (typeof STEPS)[number]['key']) =>
    key === 'confirming' && expected ? t('chain.confirmingBy', { time: expected }) : t(`chain.${key}Detail`);

  return (
    <div className="cp-chain" data-testid="recharge-chain-progress">
      <ol className="cp-chain__steps" aria-label={t('chain.label')}>
        {STEPS.map(({ key, state }, index) => (
          <li
            key={key}
            className={`cp-chain__step cp-chain__step--${state}`}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            data-testid={`recharge-chain-${key}`}
          >
            <span className="cp-chain__mark" aria-hidden="true">
              {state === 'done' ? <TickIcon size={16} /> : index + 1}
            </span>
            <span className="cp-chain__text">
              <strong className="cp-chain__title">
                {t(`chain.${key}`)}
                <span className="cp-visually-hidden">{t(`chain.state.${state}`)}</span>
              </strong>
              <span className="cp-chain__detail">{detail(key)}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="cp-chain__note" data-testid="recharge-chain-note">
        {t('chain.noSecondPayment')}
      </p>
    </div>
  );
}
