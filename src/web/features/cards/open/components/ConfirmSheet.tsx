/**
 * The confirmation of an opening: a bottom sheet on a phone, a dialog on a wide screen (Sheet).
 * It repeats what will be opened, the cost breakdown with the debit choice, and the one total the
 * customer agrees to pay; a price change (409) is shown here with the new total to confirm again.
 * While a batch runs, its progress replaces the buttons' idle state.
 */
import Button from '@web/components/ui/Button';
import { useTranslation } from 'react-i18next';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { formatMoney } from '@web/lib/money';
import type { CostBreakdown as Cost, DebitCurrency, SegmentView } from '../api';
import { CARD_OPEN_NS } from '../i18n';
import type { OpenInput, OpenMode } from '../open-draft';
import type { Failure, PriceChange, Progress } from '../useOpening';
import { BatchProgress } from './BatchProgress';
import { chosenTotal, CostBreakdown } from './CostBreakdown';

export interface ConfirmSheetProps {
  visible: boolean;
  mode: OpenMode;
  input: OpenInput;
  segment: SegmentView | undefined;
  /** The name of the spending template chosen, when one is. */
  spendTemplate?: string | undefined;
  quote: Cost | undefined;
  quotePending: boolean;
  quoteError: unknown;
  debit: DebitCurrency | null;
  onDebit: (currency: DebitCurrency) => void;
  sending: boolean;
  progress: Progress | null;
  priceChange: PriceChange | null;
  failure: Failure | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmSheet(props: ConfirmSheetProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const { mode, input, segment, quote, quotePending, sending, progress, priceChange, failure } = props;
  const total = quotePending ? undefined : chosenTotal(quote, props.debit);
  const canConfirm = !sending && total !== undefined && total.enough;
  const currency = segment?.currency ?? quote?.cardCurrency ?? 'USD';

  return (
    <Sheet
      visible={props.visible}
      title={mode === 'batch' ? t('confirm.titleBatch', { count: input.count }) : t('confirm.title')}
      onClose={props.onClose}
      wideWidth={560}
      data-testid="open-confirm"
      footer={
        <div className="cp-open-confirm__actions">
          <Button onClick={props.onClose} data-testid="open-confirm-cancel">
            {sending ? t('confirm.hide') : t('confirm.cancel')}
          </Button>
          <Button
            color="primary"
            loading={sending}
            disabled={!canConfirm}
            onClick={props.onConfirm}
            data-testid="open-confirm-submit"
          >
            {total ? (
              <>
                {t('confirm.pay')} <Money minor={total.total} currency={total.debitCurrency} />
              </>
            ) : (
              t('confirm.submit')
            )}
          </Button>
        </div>
      }
    >
      <dl className="cp-open-confirm__facts">
        <div>
          <dt>{t('confirm.segment')}</dt>
          <dd>
            {segment ? segment.name : input.segmentId}
            {segment ? (
              <span className="cp-open-confirm__address">
                {t(`network.${segment.network}`)} · {t('segment.bin', { bin: segment.bin })} ·{' '}
                {segment.currency}
              </span>
            ) : null}
          </dd>
        </div>
        {mode === 'batch' ? (
          <div>
            <dt>{t('confirm.count')}</dt>
            <dd data-testid="open-confirm-count">{input.count}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('confirm.load')}</dt>
          <dd>
            <Money minor={input.amount} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('confirm.holder')}</dt>
          <dd>
            {input.holderFirstName} {input.holderLastName}
            <span className="cp-open-confirm__address">
              {[input.street, input.city, input.state, input.postcode, input.country].join(', ')}
            </span>
          </dd>
        </div>
        {input.label ? (
          <div>
            <dt>{t('confirm.label')}</dt>
            <dd>{input.label}</dd>
          </div>
        ) : null}
        {props.spendTemplate ? (
          <div>
            <dt>{t('spendTemplate.confirm')}</dt>
            <dd data-testid="open-confirm-template">{props.spendTemplate}</dd>
          </div>
        ) : null}
      </dl>

      {priceChange ? (
        <p className="cp-notice cp-notice--warn" role="alert" data-testid="open-price-changed">
          {t('confirm.priceChanged', {
            from: formatMoney(priceChange.from, priceChange.currency),
            to: formatMoney(priceChange.to, priceChange.currency),
          })}
        </p>
      ) : null}

      <CostBreakdown
        quote={quote}
        pending={quotePending}
        error={props.quoteError}
        idle={false}
        debit={props.debit}
        onDebit={props.onDebit}
        data-testid="open-confirm-cost"
      />

      {progress && mode === 'batch' && (sending || failure) ? (
        <BatchProgress progress={progress} testId="open-confirm-progress" />
      ) : null}

      {failure ? (
        <p className="cp-notice cp-notice--error" role="alert" data-testid="open-confirm-failure">
          {failure.kind === 'lost'
            ? t('confirm.lost')
            : t('confirm.batchFailed', { reason: failure.reason ?? t('confirm.noReason') })}
        </p>
      ) : null}
    </Sheet>
  );
}
