/**
 * Nickname and mobile on /account (editByCode with the code edit/getCode sends to the current
 * address; docs/decisions.md "Profile edit"). The fields start from the profile; only what changed
 * is sent. The contract's own schemas check it first, so the PWA refuses what the server would,
 * with the same translated texts beside the fields. A field cannot be emptied: a nickname or a
 * mobile is replaced, not removed.
 */
import Button from '../../components/ui/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { UserInfo } from '../../../contract/account';
import { editByCode, editCode } from '../../../contract/account';
import { mailCode, mobile, nickname } from '../../../contract/fields';
import { SendCodeButton } from '../../components/ui/SendCodeButton';
import { TextField } from '../../components/ui/TextField';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { useValidate } from '../../lib/useValidate';
import type { FieldErrors } from '../../lib/validation';
import { ACCOUNT_NS } from './i18n';
import { userInfoQueryKey } from './useUserInfo';

const profileEdit = z.object({ nickname: nickname.optional(), mobile: mobile.optional(), code: mailCode });
type Field = 'nickname' | 'mobile' | 'code';

/** The fields that differ from the profile (undefined = unchanged, not sent). */
export function changesOf(
  user: Pick<UserInfo, 'nickname' | 'mobile'> | undefined,
  draft: { nickname: string; mobile: string },
): { nickname?: string; mobile?: string } {
  const changes: { nickname?: string; mobile?: string } = {};
  if (draft.nickname.trim() !== (user?.nickname ?? '')) changes.nickname = draft.nickname;
  if (draft.mobile.trim() !== (user?.mobile ?? '')) changes.mobile = draft.mobile;
  return changes;
}

export function ProfileEdit({ user }: { user: UserInfo | undefined }) {
  // Keyed by the profile it starts from, so a new profile (after a save) resets the draft.
  return <ProfileForm key={`${user?.nickname ?? ''}|${user?.mobile ?? ''}`} user={user} />;
}

function ProfileForm({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const validate = useValidate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ nickname: user?.nickname ?? '', mobile: user?.mobile ?? '' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const changes = changesOf(user, draft);
  const changed = Object.keys(changes).length > 0;

  const edit = (field: 'nickname' | 'mobile') => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async () => {
    const checked = validate(profileEdit, { ...changes, code } as Record<Field, unknown>, {
      nickname: t('centre.nickname'),
      mobile: t('centre.mobile'),
      code: t('profile.code'),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await call(editByCode, checked.data);
      toastSuccess(t('profile.saved'));
      setCode('');
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cp-personal__card" data-testid="profile-edit">
      <h2>{t('profile.title')}</h2>
      <TextField
        label={t('centre.nickname')}
        value={draft.nickname}
        onChange={edit('nickname')}
        maxLength={64}
        autoComplete="nickname"
        error={errors.nickname}
        data-testid="profile-nickname"
      />
      <TextField
        label={t('centre.mobile')}
        type="tel"
        value={draft.mobile}
        onChange={edit('mobile')}
        maxLength={32}
        autoComplete="tel"
        error={errors.mobile}
        data-testid="profile-mobile"
      />
      <TextField
        label={t('profile.code')}
        hint={t('profile.codeHint')}
        value={code}
        onChange={(value) => {
          setCode(value);
          setErrors((e) => ({ ...e, code: undefined }));
        }}
        inputMode="numeric"
        maxLength={6}
        error={errors.code}
        data-testid="profile-code"
        suffix={
          <SendCodeButton
            onSend={async () => (await call(editCode, {}), true)}
            disabled={!changed}
            data-testid="profile-send"
          />
        }
      />
      <Button
        color="primary"
        onClick={() => void save()}
        loading={busy}
        disabled={!changed}
        data-testid="profile-save"
      >
        {t('profile.save')}
      </Button>
    </section>
  );
}
