import { describe, expect, it } from 'vitest';
import { ROLE_TEMPLATE_IDS, type RoleTemplateId } from '@contract/roles';
import { chosenValue, roleChoices, templateOf, templateValue } from './role-choice';

const NAMES: Record<RoleTemplateId, string> = {
  cardOperator: 'Card operator',
  financeViewer: 'Finance viewer',
  fullAccess: 'Full access',
};
const name = (id: RoleTemplateId) => NAMES[id];

describe('role choices of the invite sheet', () => {
  it('offers every template to an account without roles, the first chosen', () => {
    const choices = roleChoices([], name);
    expect(choices.map((c) => c.template)).toEqual([...ROLE_TEMPLATE_IDS]);
    expect(chosenValue('', choices)).toBe(templateValue('cardOperator'));
  });

  it('lists the account’s roles first and leaves out a template the account has already made', () => {
    const choices = roleChoices(
      [
        { id: 'r1', name: 'Buyers' },
        { id: 'r2', name: 'Card operator' },
      ],
      name,
    );
    expect(choices.map((c) => c.label)).toEqual(['Buyers', 'Card operator', 'Finance viewer', 'Full access']);
    expect(choices[1]!.template).toBeNull();
    expect(chosenValue('', choices)).toBe('r1');
  });

  it('keeps the owner’s pick while offered, and takes the first choice once it is not', () => {
    const before = roleChoices([], name);
    expect(chosenValue(templateValue('fullAccess'), before)).toBe(templateValue('fullAccess'));
    const after = roleChoices(
      [
        { id: 'r8', name: 'Buyers' },
        { id: 'r9', name: 'Full access' },
      ],
      name,
    );
    expect(chosenValue(templateValue('fullAccess'), after)).toBe('r8');
  });

  it('reads a template value back, and nothing else as one', () => {
    expect(templateOf(templateValue('financeViewer'))).toBe('financeViewer');
    expect(templateOf('template:admin')).toBeNull();
    expect(templateOf('r1')).toBeNull();
  });
});
