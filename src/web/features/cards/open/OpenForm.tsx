/**
 * The opening form of the single and batch tabs (one form: a batch only adds the number of cards,
 * so switching tabs keeps everything typed). Every field is checked before anything is sent; the
 * cost is quoted whenever the priced inputs settle; "Open" shows the confirmation sheet, which
 * opens the cards (useOpening). The result replaces the form until the customer opens more.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '../../../components/ui/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_OPEN_MAX } from '@contract/card-rules';
import { Can } from '../../../components/ui/Can';
import { TextField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { ensureOnline } from '../../../lib/offline';
import { hasAccessToken } from '../../../lib/session';
import {
  cardKeys,
  loadOpenAmount,
  type CouponView,
  type DebitCurrency,
  type HolderAutofill,
  type QuoteInput,
  type SegmentView,
  type SpendingTemplateView,
  spendTemplatesKey,
} from './api';
import { BatchProgress } from './components/BatchProgress';
import { ConfirmSheet } from './components/ConfirmSheet';
import { chosenTotal, CostBreakdown } from './components/CostBreakdown';
import { CouponField } from './components/CouponField';
import { HolderFields } from './components/HolderFields';
import { LoadField } from './components/LoadField';
import { OpenResult } from './components/OpenResult';
import { SegmentPicker } from './components/SegmentPicker';
import { CARD_OPEN_NS } from './i18n';
import {
  amountMessage,
  checkAmount,
  checkOpenDraft,
  OPEN_FIELDS,
  parseCount,
  type HolderField,
  type OpenDraft,
  type OpenErrors,
  type OpenField,
  type OpenInput,
  type OpenMode,
} from './open-draft';
import { useOpening } from './useOpening';
import { useOpenQuote } from './useOpenQuote';
import { PlacementFields } from './components/PlacementFields';
import { SpendTemplateField } from './components/SpendTemplateField';

export interface OpenFormProps {
  mode: OpenMode;
  draft: OpenDraft;
  onDraft: (update: (draft: OpenDraft) => OpenDraft) => void;
  segments: {
    data: readonly SegmentView[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  coupons: readonly CouponView[] | undefined;
}

const ID = 'open';

export function OpenForm({ mode, draft, onDraft, segments, coupons }: OpenFormProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const [errors, setErrors] = useState<OpenErrors>({});
  const [amountTouched, setAmountTouched] = useState(false);
  const [debit, setDebit] = useState<DebitCurrency | null>(null);
  const [confirming, setConfirming] = useState<{ input: OpenInput; mode: OpenMode } | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const queryClient = useQueryClient();

  const segment = segments.data?.find((s) => s.id === draft.segmentId);
  const amount = checkAmount(draft.amount, segment ?? null);
  const count = mode === 'batch' ? parseCount(draft.count) : 1;
  const quoteInput: QuoteInput | null =
    segment && segment.status === 'open' && amount.ok && count !== null
      ? {
          segmentId: segment.id,
          amount: amount.amount,
          ...(draft.couponId ? { couponId: draft.couponId } : {}),
          ...(mode === 'batch' ? { count } : {}),
        }
      : null;
  const quote = useOpenQuote(quoteInput);
  const opening = useOpening(async () => (await quote.refetch()).data);

  const openAmount = useQuery({
    queryKey: cardKeys.openAmount(draft.segmentId),
    queryFn: ({ signal }) => loadOpenAmount(draft.segmentId, signal),
    enabled: () => Boolean(segment && segment.status === 'open') && hasAccessToken(),
  });

  // The result's heading takes the focus, so screen-reader users hear what happened.
  const outcome = opening.outcome;
  useEffect(() => {
    if (outcome) document.getElementById('open-result-title')?.focus();
  }, [outcome]);

  const labels: Record<OpenField, string> = {
    segmentId: t('segment.label'),
    amount: t('amount.label'),
    count: t('count.label'),
    couponId: t('coupon.label'),
    holderFirstName: t('holder.firstName'),
    holderLastName: t('holder.lastName'),
    street: t('holder.street'),
    city: t('holder.city'),
    state: t('holder.state'),
    postcode: t('holder.postcode'),
    country: t('holder.country'),
    label: t('label.label'),
  };

  const set = (field: OpenField) => (value: string) => {
    onDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const autofill = (holder: HolderAutofill) => {
    onDraft((d) => ({ ...d, ...holder }));
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(holder) as HolderField[]) delete next[field];
      return next;
    });
  };

  // A too small or malformed amount is said once the customer leaves the field or submits; an
  // amount over the service limit at once (more digits cannot fix it).
  const liveAmount = amountMessage(amount, segment ?? null, t);
  const overLimit = !amount.ok && amount.reason === 'contactService';
  const amountError = overLimit
    ? undefined
    : (errors.amount ?? (amountTouched ? (liveAmount ?? undefined) : undefined));

  const submit = () => {
    setAmountTouched(true);
    const checked = checkOpenDraft(draft, mode, segment ?? null, t, labels);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = OPEN_FIELDS.find((field) => checked.errors[field]);
      if (first) document.getElementById(`${ID}-${first}`)?.focus();
      return;
    }
    setErrors({});
    if (!ensureOnline()) return;
    if (!opening.sending) setConfirming({ input: checked.data, mode });
    setSheetOpen(true);
  };
  const { guarded, onSubmit } = useGuardedSubmit(submit);

  const confirm = () => {
    const total = chosenTotal(quote.quote, debit);
    if (!confirming || !total) return;
    void opening.confirm(confirming.input, confirming.mode, total);
  };

  const closeSheet = () => {
    setSheetOpen(false);
    if (!opening.sending) opening.reset();
  };

  const again = () => {
    opening.reset();
    setConfirming(null);
    setSheetOpen(false);
    onDraft((d) => ({ ...d, label: '' }));
    setTimeout(() => document.getElementById(`${ID}-amount`)?.focus(), 0);
  };

  if (outcome) {
    return outcome.kind === 'single' ? (
      <OpenResult cards={[outcome.card]} total={1} txnNo={outcome.txnNo} onAgain={again} />
    ) : (
      <OpenResult
        cards={outcome.result.cards}
        total={outcome.result.issued}
        txnNo={outcome.result.txnNo}
        onAgain={again}
      />
    );
  }

  const monthlyLeft = openAmount.data?.monthlyCardsLeft;

  return (
    <form className="cp-open-form" onSubmit={onSubmit} noValidate autoComplete="off" data-testid="open-form">
      <div className="cp-open-form__main">
        <SegmentPicker
          idPrefix={ID}
          segments={segments.data}
          loading={segments.isPending}
          failed={segments.isError}
          onRetry={() => void segments.refetch()}
          value={draft.segmentId}
          onChange={set('segmentId')}
          error={errors.segmentId}
        />
        {monthlyLeft !== undefined ? (
          <p className="cp-open__muted" data-testid="open-monthly-left">
            {t('segment.monthlyLeft', { count: monthlyLeft })}
          </p>
        ) : null}

        <div className="cp-panel">
          <div className="cp-open-form__row">
            <LoadField
              id={`${ID}-amount`}
              currency={segment?.currency ?? 'USD'}
              minimum={segment ? segment.minFirstRecharge : null}
              value={draft.amount}
              onChange={set('amount')}
              onBlur={() => setAmountTouched(true)}
              error={amountError}
              serviceMessage={overLimit ? (liveAmount ?? undefined) : undefined}
            />
            {mode === 'batch' ? (
              <TextField
                id={`${ID}-count`}
                label={t('count.label')}
                value={draft.count}
                onChange={(text) => set('count')(text.replace(/\D/g, '').slice(0, 3))}
                error={errors.count}
                hint={t('count.hint', { max: BATCH_OPEN_MAX })}
                inputMode="numeric"
                data-testid="open-count"
              />
            ) : null}
          </div>
          <CouponField
            id={`${ID}-couponId`}
            coupons={coupons}
            value={draft.couponId}
            onChange={set('couponId')}
          />
          <TextField
            id={`${ID}-label`}
            label={t('label.label')}
            value={draft.label}
            onChange={set('label')}
            error={errors.label}
            hint={t('label.hint')}
            data-testid="open-label"
          />
          <PlacementFields
            gid={draft.gid}
            tagId={draft.tagId}
            onGroup={(gid) => onDraft((d) => ({ ...d, gid }))}
            onTag={(tagId) => onDraft((d) => ({ ...d, tagId }))}
          />
          <SpendTemplateField
            value={draft.spendTemplateId}
            currency={segment?.currency ?? 'USD'}
            onChange={(spendTemplateId) => onDraft((d) => ({ ...d, spendTemplateId }))}
          />
        </div>

        <div className="cp-panel">
          <HolderFields
            idPrefix={ID}
            draft={draft}
            errors={errors}
            labels={labels}
            onChange={(field: HolderField) => set(field)}
            onAutofill={autofill}
          />
        </div>
      </div>

      <aside className="cp-open-form__side">
        <div className="cp-panel cp-open-form__summary">
          <CostBreakdown
            quote={quote.quote}
            pending={quote.pending}
            error={quote.error}
            idle={quoteInput === null}
            debit={debit}
            onDebit={setDebit}
          />
          {opening.sending && !sheetOpen && opening.progress && mode === 'batch' ? (
            <BatchProgress progress={opening.progress} />
          ) : null}
          <Can permission="card:open" disable reason={t('noPermission')}>
            <Button
              type="submit"
              block
              color="primary"
              size="large"
              className="cp-submit cp-open-submit"
              disabled={guarded}
              loading={opening.sending}
              data-testid="open-submit"
            >
              {mode === 'batch' ? t('submitBatch', { count: count ?? 0 }) : t('submit')}
            </Button>
          </Can>
        </div>
      </aside>

      {confirming ? (
        <ConfirmSheet
          visible={sheetOpen}
          mode={confirming.mode}
          input={confirming.input}
          segment={segments.data?.find((s) => s.id === confirming.input.segmentId)}
          spendTemplate={
            queryClient
              .getQueryData<SpendingTemplateView[]>(spendTemplatesKey)
              ?.find((x) => x.id === confirming.input.spendTemplateId)?.name
          }
          quote={quote.quote}
          quotePending={quote.pending}
          quoteError={quote.error}
          debit={debit}
          onDebit={setDebit}
          sending={opening.sending}
          progress={opening.progress}
          priceChange={opening.priceChange}
          failure={opening.failure}
          onConfirm={confirm}
          onClose={closeSheet}
        />
      ) : null}
    </form>
  );
}
