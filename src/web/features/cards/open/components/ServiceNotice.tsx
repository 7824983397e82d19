/**
 * Spec §5/§9: a card load above 1000 USD goes through customer service. Said where it happens,
 * with a button to the shell's customer-service dialog (the two QR codes), so the customer is
 * one tap from the people who can help.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceDialog } from '../../../../components/layout/ServiceDialog';
import { CARD_OPEN_NS } from '../i18n';

export function ServiceNotice({ message, testId }: { message: string; testId: string }) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const [open, setOpen] = useState(false);
  return (
    <div className="cp-open-service" data-testid={testId}>
      <p className="cp-open-service__text" role="alert">
        {message}
      </p>
      <Button
        size="small"
        color="primary"
        fill="outline"
        onClick={() => setOpen(true)}
        data-testid={`${testId}-contact`}
      >
        {t('service.contact')}
      </Button>
      <ServiceDialog visible={open} onClose={() => setOpen(false)} />
    </div>
  );
}
