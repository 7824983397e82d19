/**
 * Renew a member: a new end of validity, picked as a day (its end, UTC+8, on the server) or by
 * "extend by 1 / 3 / 12 months" from the current end — or from today when it has passed. An
 * expired member can act again at once.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subRenew } from '@contract/sub-accounts';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { isCalendarDate, productLastDay, productToday } from '../../../lib/product-time';
import { useBusy } from '../../../lib/useBusy';
import { TEAM_NS } from '../i18n';
import type { MemberSheetProps } from './member-sheet';
import { extendedBy, memberName } from './member-status';
import { DateField } from '../../../components/ui/DateField';

const QUICK_MONTHS = [1, 3, 12] as const;

export function RenewSheet({ member, onClose, onDone }: MemberSheetProps) {
  const { t } = useTranslation(TEAM_NS);
  const { busy, run } = useBusy();
  const [day, setDay] = useState(() => productLastDay(extendedBy(member.validUntil, 1)));
  const [error, setError] = useState<string>();
  const name = memberName(member);

  const confirm = () => {
    if (!isCalendarDate(day) || day <= productToday()) return setError(t('renew.past'));
    return void run(async () => {
      const renewed = await call(subRenew, { subAccountId: member.id, validUntil: day });
      toastSuccess(t('renew.done', { name, date: productLastDay(renewed.validUntil) }));
      onDone();
    });
  };

  return (
    <Sheet
      visible
      title={t('renew.title', { name })}
      onClose={onClose}
      data-testid="member-renew"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('renew.confirm')}
          onCancel={onClose}
          onConfirm={confirm}
          busy={busy}
          testId="member-renew"
        />
      }
    >
      <p className="cp-sheet-text">
        {member.expired
          ? t('renew.expiredNow', { date: productLastDay(member.validUntil) })
          : `${t('renew.current')} ${productLastDay(member.validUntil)}`}
      </p>
      <div className="cp-team-quick" role="group" aria-label={t('renew.quick')}>
        <span className="cp-team-quick__label">{t('renew.quick')}</span>
        {QUICK_MONTHS.map((months) => (
          <button
            key={months}
            type="button"
            className="cp-chip"
            onClick={() => {
              setDay(productLastDay(extendedBy(member.validUntil, months)));
              setError(undefined);
            }}
            data-testid={`renew-quick-${months}`}
          >
            {t('renew.months', { count: months })}
          </button>
        ))}
      </div>
      <DateField
        name="validUntil"
        label={t('renew.until')}
        value={day}
        min={productToday()}
        onChange={(value) => {
          setDay(value);
          setError(undefined);
        }}
        error={error}
        data-testid="renew-date"
      />
    </Sheet>
  );
}
