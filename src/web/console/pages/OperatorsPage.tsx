/** Operator management for admins: the list, add (answers a one-time set-up link), disable. */
import { Button, Card, Dialog, Form, Input, List, Selector, Tag } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole, OperatorView } from '@contract/operator';
import { addOperator, disableOperator, listOperators, OPERATOR_ROLES } from '@contract/operator';
import { call } from '../api';
import { act, useLoad } from '../use-load';

interface AddFields {
  email: string;
  role: OperatorRole[];
  totpCode: string;
}

function askDisable(t: (key: string) => string): Promise<{ reason: string; totpCode: string } | null> {
  let reason = '';
  let totpCode = '';
  return new Promise((resolve) => {
    void Dialog.confirm({
      title: t('operators.disable'),
      content: (
        <div className="console-dialog">
          <Input
            aria-label={t('fields.reason')}
            placeholder={t('fields.reason')}
            onChange={(v) => (reason = v)}
          />
          <Input
            aria-label={t('fields.totpCode')}
            placeholder={t('fields.totpCode')}
            inputMode="numeric"
            maxLength={6}
            onChange={(v) => (totpCode = v)}
          />
        </div>
      ),
      confirmText: t('operators.disable'),
      cancelText: t('cancel'),
      onConfirm: () => resolve({ reason, totpCode }),
      onCancel: () => resolve(null),
    });
  });
}

export function OperatorsPage() {
  const { t } = useTranslation();
  const load = useCallback(() => call(listOperators, {}), []);
  const { data, reload } = useLoad(load);
  const [link, setLink] = useState('');
  const [form] = Form.useForm<AddFields>();
  const add = async (fields: AddFields) => {
    let made = '';
    const ok = await act(
      async () => {
        const answer = await call(addOperator, {
          email: fields.email,
          role: fields.role[0]!,
          totpCode: fields.totpCode,
        });
        made = `${window.location.origin}${answer.setupPath}`;
      },
      t('operators.added'),
      reload,
    );
    if (ok) {
      setLink(made);
      form.resetFields();
    }
  };
  const disable = async (operator: OperatorView) => {
    const answer = await askDisable(t);
    if (answer)
      await act(() => call(disableOperator, { id: operator.id, ...answer }), t('operators.disabled'), reload);
  };
  return (
    <section>
      <h1>{t('nav.operators')}</h1>
      <Card className="console-card" title={t('operators.add')}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(fields: AddFields) => void add(fields)}
          footer={
            <Button block type="submit" color="primary">
              {t('operators.add')}
            </Button>
          }
        >
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[{ required: true, message: t('fields.required') }]}
          >
            <Input type="email" />
          </Form.Item>
          <Form.Item
            name="role"
            label={t('operators.role')}
            rules={[{ required: true, message: t('fields.required') }]}
          >
            <Selector options={OPERATOR_ROLES.map((role) => ({ label: t(`roles.${role}`), value: role }))} />
          </Form.Item>
          <Form.Item
            name="totpCode"
            label={t('fields.totpCode')}
            help={t('operators.stepUp')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('errors.codeShape') }]}
          >
            <Input inputMode="numeric" maxLength={6} />
          </Form.Item>
        </Form>
        {link && (
          <p className="console-link" data-testid="setup-link">
            {t('operators.linkOnce')}
            <br />
            <code>{link}</code>
          </p>
        )}
      </Card>
      <List>
        {data?.map((operator) => (
          <List.Item
            key={operator.id}
            data-testid="operator"
            description={t(`roles.${operator.role}`)}
            extra={
              operator.status === 'disabled' ? (
                <Tag color="default">{t('operators.statuses.disabled')}</Tag>
              ) : (
                <Button size="small" color="danger" fill="outline" onClick={() => void disable(operator)}>
                  {t('operators.disable')}
                </Button>
              )
            }
          >
            {operator.email}{' '}
            <Tag color={operator.status === 'active' ? 'success' : 'warning'}>
              {t(`operators.statuses.${operator.status}`)}
            </Tag>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
