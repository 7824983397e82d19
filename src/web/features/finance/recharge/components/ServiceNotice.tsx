/**
 * Spec §5: above 16000 the customer is told to contact customer service or use UnionPay. Both are
 * offered as buttons right here: the shell's customer-service dialog, and switching the form to
 * UnionPay (whose limit is higher) without losing the amount.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceDialog } from '../../../../components/layout/ServiceDialog';
import { RECHARGE_NS } from '../i18n';

export function ServiceNotice({ message, onUseUnionPay }: { message: string; onUseUnionPay?: () => void }) {
  const { t } = useTranslation(RECHARGE_NS);
  const [open, setOpen] = useState(false);
  return (
    <div className="cp-recharge-service" data-testid="recharge-service-notice">
      <p className="cp-recharge-service__text" role="alert">
        {message}
      </p>
      <div className="cp-recharge-service__actions">
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => setOpen(true)}
          data-testid="recharge-contact-service"
        >
          {t('amount.contactButton')}
        </Button>
        {onUseUnionPay ? (
          <Button size="small" fill="outline" onClick={onUseUnionPay} data-testid="recharge-use-unionpay">
            {t('amount.useUnionPay')}
          </Button>
        ) : null}
      </div>
      <ServiceDialog visible={open} onClose={() => setOpen(false)} />
    </div>
  );
}
