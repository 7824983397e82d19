/**
 * Freezing or unfreezing an account: the sheet is the confirmation. It says what follows (a frozen
 * account is signed out and refused on every call until unfrozen) and asks for the reason the audit
 * log keeps.
 */
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freezeCustomerCall } from '@contract/operator-content';
import { call } from '../../api';
import { ConsoleSheet } from '../../ConsoleSheet';
import { act } from '../../use-load';

export function FreezeSheet({
  customer,
  freeze,
  onClose,
  onDone,
}: {
  customer: { id: string; email: string };
  freeze: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    void act(
      () => call(freezeCustomerCall, { id: customer.id, frozen: freeze, reason: reason.trim() }),
      freeze ? t('customers.frozenDone') : t('customers.unfrozenDone'),
      onDone,
    );
  };
  return (
    <ConsoleSheet
      visible
      title={freeze ? t('customers.freezeTitle') : t('customers.unfreezeTitle')}
      onClose={onClose}
      data-testid="customer-freeze"
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button color={freeze ? 'danger' : 'primary'} onClick={confirm}>
            {freeze ? t('customers.freeze') : t('customers.unfreeze')}
          </Button>
        </>
      }
    >
      <p>
        <strong>{customer.email}</strong>
      </p>
      <p className="console-hint">{freeze ? t('customers.freezeHint') : t('customers.unfreezeHint')}</p>
      <label className="console-field">
        <span>{t('fields.reason')}</span>
        <TextArea
          value={reason}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          maxLength={500}
          rows={3}
        />
      </label>
      {missing && (
        <p className="console-error" role="alert">
          {t('errors.reasonRequired')}
        </p>
      )}
    </ConsoleSheet>
  );
}
