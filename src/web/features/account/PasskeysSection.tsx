/**
 * Passkeys on the personal pages (issue 32 §4): the signed-in user's own passkeys (a member sees only
 * its own) with their name and last use, one added with an optional name (else the server names it
 * after the browser), one removed after a confirmation. The WebAuthn browser code loads only when a
 * passkey is added (lib/passkey-ceremony.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  passkeyList,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
} from '../../../contract/passkeys';
import Button from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { createPasskey, passkeyCancelled } from '../../lib/passkey-ceremony';
import { productDateTime } from '../../lib/product-time';
import { ACCOUNT_NS } from './i18n';

const LIST_KEY = ['passkeys'] as const;

export function PasskeysSection() {
  const { t } = useTranslation(ACCOUNT_NS);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => call(passkeyList, {}) });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<string | null>(null);

  const add = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const options = await call(passkeyRegisterOptions, {});
      let credential;
      try {
        credential = await createPasskey(options);
      } catch (failure) {
        setError(t(passkeyCancelled(failure) ? 'passkeys.cancelled' : 'passkeys.unsupported'));
        return;
      }
      await call(passkeyRegister, {
        credential: credential as never,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      setName('');
      toastSuccess(t('passkeys.added'));
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await call(passkeyRemove, { id });
      toastSuccess(t('passkeys.removed'));
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setRemoving(null);
    }
  };

  const items = list.data?.items ?? [];
  return (
    <section className="cp-personal__card" data-testid="passkeys">
      <h2>{t('passkeys.title')}</h2>
      <p className="cp-muted">{t('passkeys.lead')}</p>
      {items.length === 0 && list.isSuccess ? (
        <p className="cp-muted" data-testid="passkeys-empty">
          {t('passkeys.empty')}
        </p>
      ) : null}
      <ul className="cp-personal__passkeys" aria-label={t('passkeys.title')}>
        {items.map((item) => (
          <li key={item.id} data-testid="passkey-item">
            <div>
              <strong data-testid="passkey-name">{item.name}</strong>
              <span className="cp-muted" data-testid="passkey-used">
                {item.lastUsedAt
                  ? t('passkeys.lastUsed', { when: productDateTime(item.lastUsedAt) })
                  : t('passkeys.neverUsed', { when: productDateTime(item.createdAt) })}
                {item.backedUp ? ` · ${t('passkeys.synced')}` : ''}
              </span>
            </div>
            {removing === item.id ? (
              <span className="cp-personal__passkey-actions">
                <Button
                  size="small"
                  color="danger"
                  onClick={() => void remove(item.id)}
                  data-testid="passkey-remove-confirm"
                >
                  {t('passkeys.removeConfirm')}
                </Button>
                <Button size="small" onClick={() => setRemoving(null)}>
                  {t('passkeys.keep')}
                </Button>
              </span>
            ) : (
              <Button
                size="small"
                fill="outline"
                onClick={() => setRemoving(item.id)}
                aria-label={t('passkeys.removeNamed', { name: item.name })}
                data-testid="passkey-remove"
              >
                {t('passkeys.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <TextField
        label={t('passkeys.name')}
        value={name}
        onChange={setName}
        maxLength={40}
        placeholder={t('passkeys.namePlaceholder')}
        error={error}
        data-testid="passkey-name-input"
      />
      <Button color="primary" onClick={() => void add()} loading={busy} data-testid="passkey-add">
        {t('passkeys.add')}
      </Button>
    </section>
  );
}
