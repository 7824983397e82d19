/**
 * Invite a member (contract sub-accounts.ts "Invitation"): the owner confirms with a code mailed
 * to the OWNER's own address (a stolen session alone cannot add members), then the invitee gets an
 * e-mail with a link to choose their own password. The owner never sets or sees it.
 *
 * The form is checked with the contract's own schema before anything is sent. The role is picked
 * or made here (RoleField): an existing role, a template — made into a role by the server just
 * before the invitation is sent — or a new role from the editor opened over this sheet.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleAddFromTemplate } from '@contract/roles';
import { subAdd, subAddCode, type ExpiryPolicy } from '@contract/sub-accounts';
import { SendCodeButton } from '../../../components/ui/SendCodeButton';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { CodeField, EmailField, TextField } from '../../../components/ui/TextField';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { productDate, productToday } from '../../../lib/product-time';
import { useBusy } from '../../../lib/useBusy';
import { useValidate } from '../../../lib/useValidate';
import type { FieldErrors } from '../../../lib/validation';
import { useTeamRefresh } from '../api';
import { TEAM_NS } from '../i18n';
import { ExpiryChoice } from './ExpiryChoice';
import { LimitFields, limitRequestOf, type LimitDraft, type LimitKey } from './LimitsSheet';
import { extendedBy } from './member-status';
import { templateOf } from './role-choice';
import { RoleField, useRoleChoices } from './RoleField';
import { DateField } from '../../../components/ui/DateField';

type Field = 'email' | 'nickname' | 'wechat' | 'mobile' | 'roleId' | 'validUntil' | 'code';

const NO_LIMITS: LimitDraft = { cnyRecharge: '', usdRecharge: '', usdSpend: '' };

export function InviteSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(TEAM_NS);
  const validate = useValidate();
  const refresh = useTeamRefresh();
  const { busy, run } = useBusy();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    email: '',
    nickname: '',
    wechat: '',
    mobile: '',
    roleId: '',
    // A quarter by default: long enough to work, short enough to be reviewed.
    validUntil: productDate(extendedBy(new Date().toISOString(), 3)),
    code: '',
  }));
  const [policy, setPolicy] = useState<ExpiryPolicy>('keep');
  const [limits, setLimits] = useState<LimitDraft>(NO_LIMITS);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [limitError, setLimitError] = useState<LimitKey>();

  const { roles, value: roleChoice } = useRoleChoices(values.roleId);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const limitRequest = limitRequestOf(limits);
    if (!limitRequest.ok) return setLimitError(limitRequest.key);
    const input = { ...values, roleId: roleChoice, expiryPolicy: policy, ...limitRequest.fields };
    const checked = validate(subAdd.request, input, {
      email: t('invite.email'),
      nickname: t('invite.nickname'),
      roleId: t('invite.role'),
      validUntil: t('invite.validUntil'),
      code: t('invite.code'),
    });
    if (!checked.ok) return setErrors(checked.errors);
    return void run(async () => {
      const template = templateOf(roleChoice);
      let roleId = roleChoice;
      if (template) {
        // Made now, not when picked: a cancelled invitation leaves no role behind. Kept as the pick,
        // so a retry after a refused code invites with this role (the server would answer it anyway).
        roleId = (await call(roleAddFromTemplate, { template })).id;
        set('roleId')(roleId);
        refresh();
      }
      const member = await call(subAdd, { ...input, roleId });
      toastSuccess(t('invite.done', { email: member.email }));
      refresh();
      onClose();
    });
  };

  return (
    <Sheet
      visible
      title={t('invite.title')}
      onClose={onClose}
      wideWidth={560}
      data-testid="invite-sheet"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('invite.confirm')}
          onCancel={onClose}
          onConfirm={submit}
          busy={busy}
          disabled={!roles.isSuccess}
          testId="invite"
        />
      }
    >
      <p className="cp-sheet-text">{t('invite.text')}</p>
      <div className="cp-team-form">
        <EmailField
          name="email"
          label={t('invite.email')}
          value={values.email}
          onChange={set('email')}
          autoComplete="off"
          error={errors.email}
          data-testid="invite-email"
        />
        <TextField
          name="nickname"
          label={t('invite.nickname')}
          value={values.nickname}
          onChange={set('nickname')}
          maxLength={32}
          autoComplete="off"
          error={errors.nickname}
          data-testid="invite-nickname"
        />
        <RoleField picked={values.roleId} onPick={set('roleId')} error={errors.roleId} />
        <DateField
          name="validUntil"
          label={t('invite.validUntil')}
          value={values.validUntil}
          min={productToday()}
          onChange={set('validUntil')}
          error={errors.validUntil}
          data-testid="invite-valid-until"
        />
        <TextField
          name="wechat"
          label={t('invite.wechat')}
          value={values.wechat}
          onChange={set('wechat')}
          maxLength={64}
          autoComplete="off"
          error={errors.wechat}
        />
        <TextField
          name="mobile"
          type="tel"
          label={t('invite.mobile')}
          value={values.mobile}
          onChange={set('mobile')}
          autoComplete="off"
          error={errors.mobile}
        />
      </div>
      <ExpiryChoice value={policy} onChange={setPolicy} legend={t('invite.expiryPolicy')} />
      <details className="cp-team-more">
        <summary>{t('invite.limits')}</summary>
        <LimitFields
          draft={limits}
          error={limitError}
          onChange={(key, value) => {
            setLimits((current) => ({ ...current, [key]: value }));
            setLimitError(undefined);
          }}
        />
      </details>
      <CodeField
        name="code"
        label={t('invite.code')}
        value={values.code}
        onChange={(value) => set('code')(value.replace(/\D/g, ''))}
        hint={t('invite.codeHint')}
        error={errors.code}
        suffix={
          <SendCodeButton
            onSend={async () => {
              const sent = await call(subAddCode, {});
              return sent.resendIn > 0 ? sent.resendIn : true;
            }}
            data-testid="invite-send-code"
          />
        }
        data-testid="invite-code"
      />
    </Sheet>
  );
}
