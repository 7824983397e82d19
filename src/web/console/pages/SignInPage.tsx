/** Sign-in: e-mail, password and the authenticator code together (the second factor is mandatory). */
import { useNavigate } from '@tanstack/react-router';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorSignIn } from '@contract/operator';
import { call, ConsoleError, session } from '../api';
import { consoleLang, setConsoleLang } from '../i18n';
import { forgetOperator, to } from '../desks';

interface Fields {
  email: string;
  password: string;
  totpCode: string;
}

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (fields: Fields) => {
    setBusy(true);
    try {
      const tokens = await call(operatorSignIn, fields);
      session.set(tokens.access_token);
      forgetOperator();
      void navigate({ to: to('/desk') });
    } catch (error) {
      Toast.show({ content: error instanceof ConsoleError ? error.message : t('errors.network') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="console-auth">
      <h1>{t('signIn.title')}</h1>
      <p className="console-hint">{t('signIn.hint')}</p>
      <Form
        layout="vertical"
        onFinish={(fields: Fields) => void submit(fields)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('signIn.submit')}
          </Button>
        }
      >
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={[{ required: true, message: t('fields.required') }]}
        >
          <Input type="email" autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[{ required: true, message: t('fields.required') }]}
        >
          <Input type="password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="totpCode"
          label={t('fields.totpCode')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('errors.codeShape') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      </Form>
      <Button fill="none" onClick={() => void setConsoleLang(consoleLang() === 'en' ? 'cn' : 'en')}>
        {consoleLang() === 'en' ? '中文' : 'English'}
      </Button>
    </main>
  );
}
