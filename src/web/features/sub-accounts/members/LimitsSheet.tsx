/**
 * A member's monthly limits — CNY and USD recharges to their cards, USD spend with their cards —
 * each shown with what this month has used. Empty means no limit. The server enforces them inside
 * each money transaction; this sheet only sets them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { subLimits, type MonthlyLimits } from '@contract/sub-accounts';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { TextField } from '../../../components/ui/TextField';
import { amountErrorKey, cleanAmountInput, parseAmount, plainAmount } from '../../../lib/amount-input';
import { call } from '../../../lib/http';
import { formatMoney } from '../../../lib/money';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { TEAM_NS } from '../i18n';
import type { MemberSheetProps } from './member-sheet';
import { memberName } from './member-status';

export const LIMIT_FIELDS = [
  { key: 'cnyRecharge', field: 'cnyRechargeLimit', currency: 'CNY' },
  { key: 'usdRecharge', field: 'usdRechargeLimit', currency: 'USD' },
  { key: 'usdSpend', field: 'usdSpendLimit', currency: 'USD' },
] as const satisfies readonly { key: keyof MonthlyLimits; field: string; currency: CurrencyCode }[];

export type LimitKey = (typeof LIMIT_FIELDS)[number]['key'];
export type LimitDraft = Record<LimitKey, string>;

export function limitDraftOf(limits: MonthlyLimits): LimitDraft {
  const text = (limit: number | null) => (limit === null ? '' : plainAmount(limit));
  return {
    cnyRecharge: text(limits.cnyRecharge.limit),
    usdRecharge: text(limits.usdRecharge.limit),
    usdSpend: text(limits.usdSpend.limit),
  };
}

/** The request fields of a draft (minor units; '' = no limit), or the first field that is not an amount. */
export function limitRequestOf(
  draft: LimitDraft,
): { ok: true; fields: Record<string, string> } | { ok: false; key: LimitKey } {
  const fields: Record<string, string> = {};
  for (const { key, field } of LIMIT_FIELDS) {
    const typed = draft[key].trim();
    if (!typed) {
      fields[field] = '';
      continue;
    }
    const minor = parseAmount(typed);
    if (minor === null) return { ok: false, key };
    fields[field] = String(minor);
  }
  return { ok: true, fields };
}

export interface LimitFieldsProps {
  draft: LimitDraft;
  onChange: (key: LimitKey, value: string) => void;
  /** This month's use, shown under each field (a new member has none). */
  used?: MonthlyLimits;
  error?: LimitKey;
}

export function LimitFields({ draft, onChange, used, error }: LimitFieldsProps) {
  const { t } = useTranslation(TEAM_NS);
  return (
    <>
      {LIMIT_FIELDS.map(({ key, currency }) => {
        const month = used?.[key];
        return (
          <TextField
            key={key}
            name={key}
            label={t(`limits.${key}`)}
            value={draft[key]}
            onChange={(value) => onChange(key, cleanAmountInput(value))}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('noLimit')}
            suffix={<span className="cp-team-currency">{currency}</span>}
            error={error === key ? t(amountErrorKey(draft[key], { allowZero: true })) : undefined}
            hint={
              month
                ? month.limit === null
                  ? t('limits.usedNoLimit', { used: formatMoney(month.used, currency) })
                  : t('limits.used', {
                      used: formatMoney(month.used, currency),
                      limit: formatMoney(month.limit, currency),
                    })
                : undefined
            }
            data-testid={`limit-${key}`}
          />
        );
      })}
    </>
  );
}

export function LimitsSheet({ member, onClose, onDone }: MemberSheetProps) {
  const { t } = useTranslation(TEAM_NS);
  const { busy, run } = useBusy();
  const [draft, setDraft] = useState(() => limitDraftOf(member.limits));
  const [error, setError] = useState<LimitKey>();

  const confirm = () => {
    const request = limitRequestOf(draft);
    if (!request.ok) return setError(request.key);
    return void run(async () => {
      await call(subLimits, { subAccountId: member.id, ...request.fields });
      toastSuccess(t('limits.done'));
      onDone();
    });
  };

  return (
    <Sheet
      visible
      title={t('limits.title', { name: memberName(member) })}
      onClose={onClose}
      data-testid="member-limits"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('save')}
          onCancel={onClose}
          onConfirm={confirm}
          busy={busy}
          testId="member-limits"
        />
      }
    >
      <p className="cp-sheet-text">{t('limits.text')}</p>
      <LimitFields
        draft={draft}
        used={member.limits}
        error={error}
        onChange={(key, value) => {
          setDraft((current) => ({ ...current, [key]: value }));
          setError(undefined);
        }}
      />
    </Sheet>
  );
}
