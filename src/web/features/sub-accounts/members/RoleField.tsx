/**
 * The role of an invitation (issue 34 §5): the account's roles and the role templates in one
 * picker, what the chosen one allows, and "New role", which opens the role editor over the invite
 * sheet and chooses the role it saves, so the owner never leaves the invitation to make one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalisePermissions } from '@contract/permissions';
import { ROLE_TEMPLATES, type RoleTemplateId } from '@contract/roles';
import Button from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { useRoles } from '../api';
import { TEAM_NS } from '../i18n';
import { RoleEditorSheet } from '../roles/RoleEditorSheet';
import { chosenValue, roleChoices } from './role-choice';

export interface RoleFieldProps {
  /** What the owner picked ('' before any pick). */
  picked: string;
  onPick: (value: string) => void;
  error?: string | undefined;
}

/** The choices with the one shown chosen, for the sheet that sends the invitation. */
export function useRoleChoices(picked: string) {
  const { t } = useTranslation(TEAM_NS);
  const roles = useRoles();
  const rows = roles.data?.data ?? [];
  const choices = roleChoices(rows, (id) => t(`roles:templates.${id}.name`));
  return { roles, rows, choices, value: chosenValue(picked, choices) };
}

export function RoleField({ picked, onPick, error }: RoleFieldProps) {
  const { t } = useTranslation(TEAM_NS);
  const { rows, choices, value } = useRoleChoices(picked);
  const [creating, setCreating] = useState(false);
  const chosen = choices.find((choice) => choice.value === value);
  const template: RoleTemplateId | null = chosen?.template ?? null;
  const ownGroup =
    rows.length > 0 && choices.some((choice) => choice.template) ? t('invite.ownGroup') : undefined;
  const keyCount = template
    ? normalisePermissions(ROLE_TEMPLATES[template]).length
    : (rows.find((role) => role.id === value)?.permissions.length ?? 0);

  return (
    <div className="cp-team-role-field" data-testid="invite-role-field">
      <SelectField<string>
        label={t('invite.role')}
        name="roleId"
        value={value}
        onChange={onPick}
        options={choices.map((choice) => ({
          value: choice.value,
          label: choice.template ? t('invite.templateOption', { name: choice.label }) : choice.label,
          group: choice.template ? t('invite.templateGroup') : ownGroup,
        }))}
        error={error}
        data-testid="invite-role"
      />
      {chosen ? (
        <p
          className="cp-team-role-field__about"
          data-testid="invite-role-about"
          data-template={template ?? ''}
        >
          <span className="cp-tag">{t('invite.permissionCount', { count: keyCount })}</span>{' '}
          {template ? t(`roles:templates.${template}.description`) : null}
          {template ? (
            <span className="cp-team-role-field__note">
              {t('invite.templateNote', { name: chosen.label })}
            </span>
          ) : null}
        </p>
      ) : null}
      <Button
        size="small"
        color="primary"
        fill="outline"
        onClick={() => setCreating(true)}
        data-testid="invite-new-role"
      >
        {t('invite.newRole')}
      </Button>
      {creating ? (
        <RoleEditorSheet role={null} onClose={() => setCreating(false)} onSaved={(role) => onPick(role.id)} />
      ) : null}
    </div>
  );
}
