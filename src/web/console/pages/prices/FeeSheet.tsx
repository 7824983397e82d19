/**
 * Changes a segment's fees or a rate plan's terms (fees and monthly card allowance) from now or a
 * stated time. The server keeps every quoted price as quoted; the sheet says so.
 */
import { Button, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceBookView } from '@contract/operator-content';
import { changePlanFeesCall, changeSegmentFeesCall } from '@contract/operator-content';
import { call } from '../../api';
import { act } from '../../use-load';
import { ConsoleSheet } from '../../ConsoleSheet';
import { EffectiveFrom } from './EffectiveFrom';
import { bpFrom, instantFrom, majorText, minorFrom } from './format';

type Segment = PriceBookView['segments'][number];
type Plan = PriceBookView['plans'][number];
export type FeeTarget = { kind: 'segment'; segment: Segment } | { kind: 'plan'; plan: Plan };

interface Draft {
  openFee: string;
  rate: string;
  /** Segment: the least first load; plan: the monthly card allowance. */
  third: string;
  later: boolean;
  at: string;
  reason: string;
}

function startDraft(target: FeeTarget): Draft {
  const now = target.kind === 'segment' ? target.segment.now : target.plan.now;
  return {
    openFee: majorText(now.openFee),
    rate: String(now.rechargeFeeBp / 100),
    third:
      target.kind === 'segment'
        ? majorText(target.segment.now.minFirstRecharge)
        : String(target.plan.now.monthlyCardLimit),
    later: false,
    at: '',
    reason: '',
  };
}

const limitFrom = (text: string) => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : null);

export function FeeSheet({
  target,
  onClose,
  reload,
}: {
  target: FeeTarget;
  onClose: () => void;
  reload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(() => startDraft(target));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (value: string | boolean) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError('');
  };
  const en = i18n.language === 'en';
  const name =
    target.kind === 'segment'
      ? en
        ? target.segment.nameEn
        : target.segment.nameZh
      : en
        ? target.plan.nameEn
        : target.plan.nameZh;
  const currency = target.kind === 'segment' ? target.segment.currency : target.plan.feeCurrency;

  const submit = async () => {
    const openFee = minorFrom(draft.openFee);
    const rechargeFeeBp = bpFrom(draft.rate);
    const third = target.kind === 'segment' ? minorFrom(draft.third) : limitFrom(draft.third);
    if (openFee === null || rechargeFeeBp === null || third === null)
      return setError(t('prices.errors.amount'));
    const at = draft.later ? instantFrom(draft.at) : null;
    if (draft.later && (!at || at.getTime() <= Date.now())) return setError(t('prices.errors.future'));
    if (!draft.reason.trim()) return setError(t('errors.reasonRequired'));
    const effectiveFrom = at ? { effectiveFrom: at.toISOString() } : {};
    const reason = draft.reason.trim();
    setBusy(true);
    const ok = await act(
      () =>
        target.kind === 'segment'
          ? call(changeSegmentFeesCall, {
              segmentId: target.segment.id,
              openFee,
              rechargeFeeBp,
              minFirstRecharge: third,
              reason,
              ...effectiveFrom,
            })
          : call(changePlanFeesCall, {
              planCode: target.plan.code,
              openCardFee: openFee,
              rechargeFeeBp,
              monthlyCardLimit: third,
              reason,
              ...effectiveFrom,
            }),
      at ? t('prices.scheduled') : t('prices.changed'),
      reload,
    );
    setBusy(false);
    if (ok) onClose();
  };

  const money = (label: string, key: 'openFee' | 'third') => (
    <label className="console-field">
      <span>
        {label} ({currency})
      </span>
      <Input aria-label={label} inputMode="decimal" value={draft[key]} onChange={set(key)} />
    </label>
  );
  return (
    <ConsoleSheet
      visible
      title={`${target.kind === 'segment' ? t('prices.changeFees') : t('prices.changePlan')} · ${name}`}
      onClose={onClose}
      data-testid="fee-sheet"
      footer={
        <Button block color="primary" loading={busy} onClick={() => void submit()}>
          {draft.later ? t('prices.schedule') : t('prices.applyNow')}
        </Button>
      }
    >
      <p className="console-hint">{t('prices.quotedKept')}</p>
      {money(t('prices.openFee'), 'openFee')}
      <label className="console-field">
        <span>{t('prices.rechargeRate')}</span>
        <Input
          aria-label={t('prices.rechargeRate')}
          inputMode="decimal"
          value={draft.rate}
          onChange={set('rate')}
        />
      </label>
      {target.kind === 'segment' ? (
        money(t('prices.minFirstRecharge'), 'third')
      ) : (
        <label className="console-field">
          <span>{t('prices.monthlyCardLimit')}</span>
          <Input
            aria-label={t('prices.monthlyCardLimit')}
            inputMode="numeric"
            value={draft.third}
            onChange={set('third')}
          />
        </label>
      )}
      <EffectiveFrom later={draft.later} at={draft.at} onLater={set('later')} onAt={set('at')} />
      <label className="console-field">
        <span>{t('fields.reason')}</span>
        <TextArea
          aria-label={t('fields.reason')}
          value={draft.reason}
          onChange={set('reason')}
          rows={2}
          maxLength={500}
        />
      </label>
      {error && (
        <p className="console-error" role="alert">
          {error}
        </p>
      )}
    </ConsoleSheet>
  );
}
