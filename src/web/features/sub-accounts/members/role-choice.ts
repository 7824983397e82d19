/**
 * The role choices of the invite sheet (issue 34 §5): the account's roles, then the templates the
 * account has not made yet (by name in the owner's language), so a first invitation needs no role
 * designed beforehand. A template is made into a role by the server when the invitation is sent.
 */
import { ROLE_TEMPLATE_IDS, type RoleTemplateId } from '@contract/roles';

const TEMPLATE_PREFIX = 'template:';

export interface RoleChoice {
  /** A role id, or `template:<id>` for a template not made yet. */
  value: string;
  label: string;
  template: RoleTemplateId | null;
}

export function templateValue(id: RoleTemplateId): string {
  return `${TEMPLATE_PREFIX}${id}`;
}

export function templateOf(value: string): RoleTemplateId | null {
  if (!value.startsWith(TEMPLATE_PREFIX)) return null;
  const id = value.slice(TEMPLATE_PREFIX.length);
  return ROLE_TEMPLATE_IDS.find((known) => known === id) ?? null;
}

export function roleChoices(
  roles: readonly { id: string; name: string }[],
  templateName: (id: RoleTemplateId) => string,
): RoleChoice[] {
  const taken = new Set(roles.map((role) => role.name));
  return [
    ...roles.map((role) => ({ value: role.id, label: role.name, template: null })),
    ...ROLE_TEMPLATE_IDS.filter((id) => !taken.has(templateName(id))).map((id) => ({
      value: templateValue(id),
      label: templateName(id),
      template: id,
    })),
  ];
}

/** What the sheet shows chosen: the owner's pick while it is still offered, else the first choice. */
export function chosenValue(picked: string, choices: readonly RoleChoice[]): string {
  return choices.some((choice) => choice.value === picked) ? picked : (choices[0]?.value ?? '');
}
