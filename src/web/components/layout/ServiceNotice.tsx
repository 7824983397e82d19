/**
 * Something the customer can only get through customer service (spec §5/§9: a card load above
 * 1000 USD, a top-up above the channel's limit), said where it happens, with the button to the
 * contacts (ServiceDialog) right beside it. `children` are further ways out (e.g. "use UnionPay").
 */
import Button from '../ui/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from './i18n';
import { ServiceDialog } from './ServiceDialog';
import '../ui/page.css';

export interface ServiceNoticeProps {
  message: string;
  children?: ReactNode;
  'data-testid': string;
  /** The contact button's test id. */
  contactTestId: string;
}

export function ServiceNotice({ message, children, contactTestId, ...rest }: ServiceNoticeProps) {
  const { t } = useTranslation(SHELL_NS);
  const [open, setOpen] = useState(false);
  return (
    <div className="cp-service-notice" data-testid={rest['data-testid']}>
      <p className="cp-service-notice__text" role="alert">
        {message}
      </p>
      <div className="cp-service-notice__actions">
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => setOpen(true)}
          data-testid={contactTestId}
        >
          {t('service.title')}
        </Button>
        {children}
      </div>
      <ServiceDialog visible={open} onClose={() => setOpen(false)} />
    </div>
  );
}
