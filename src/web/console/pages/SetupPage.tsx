/** The one-time set-up link: enrol the authenticator (QR or the key), set the password. */
import { useNavigate, useParams } from '@tanstack/react-router';
import { Button, ErrorBlock, Form, Input, Toast } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeSetup, setupInfo } from '@contract/operator';
import { call, ConsoleError } from '../api';
import { to } from '../desks';

interface Info {
  email: string;
  role: string;
  totpSecret: string;
  otpauthUri: string;
}

interface Fields {
  password: string;
  confirm: string;
  totpCode: string;
}

export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useParams({ strict: false }) as { token: string };
  const [info, setInfo] = useState<Info | null>(null);
  const [qr, setQr] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(setupInfo, { token })
      .then(async (answer) => {
        setInfo(answer);
        setQr(await QRCode.toDataURL(answer.otpauthUri, { margin: 1, width: 200 }));
      })
      .catch((error: unknown) =>
        setFailure(error instanceof ConsoleError ? error.message : t('errors.network')),
      );
  }, [token, t]);
  const submit = async (fields: Fields) => {
    setBusy(true);
    try {
      await call(completeSetup, { token, password: fields.password, totpCode: fields.totpCode });
      Toast.show({ icon: 'success', content: t('setup.done') });
      void navigate({ to: to('/') });
    } catch (error) {
      Toast.show({ content: error instanceof ConsoleError ? error.message : t('errors.network') });
    } finally {
      setBusy(false);
    }
  };
  if (failure) return <ErrorBlock status="default" title={t('setup.title')} description={failure} />;
  if (!info) return null;
  return (
    <main className="console-auth">
      <h1>{t('setup.title')}</h1>
      <p>
        {info.email} · {t(`roles.${info.role}`)}
      </p>
      <p className="console-hint">{t('setup.scan')}</p>
      {qr && <img className="console-qr" src={qr} alt={t('setup.qrAlt')} width={200} height={200} />}
      <p className="console-secret" data-testid="totp-secret">
        {info.totpSecret}
      </p>
      <Form
        layout="vertical"
        onFinish={(fields: Fields) => void submit(fields)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('setup.submit')}
          </Button>
        }
      >
        <Form.Item
          name="password"
          label={t('fields.newPassword')}
          rules={[{ required: true, min: 10, message: t('errors.passwordShort') }]}
        >
          <Input type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('fields.required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('setup.mismatch'))),
            }),
          ]}
        >
          <Input type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="totpCode"
          label={t('fields.totpCode')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('errors.codeShape') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      </Form>
    </main>
  );
}
