/**
 * The spending template the new cards get (issue 33 §3): one of the customer's saved templates or
 * none, with what it sets in a line below. Shown only to whom may change limits (`card:limits`):
 * the server refuses a template from anyone else.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { SPENDING_MANAGE_PERMISSION } from '@contract/spending-templates';
import { usePermission } from '@web/components/ui/Can';
import { SelectField } from '@web/components/ui/SelectField';
import { hasAccessToken } from '@web/lib/session';
import { loadSpendTemplates, spendTemplatesKey } from '../api';
import { CARD_OPEN_NS } from '../i18n';
import { spendSummary } from '../spend-summary';

export interface SpendTemplateFieldProps {
  value: string;
  currency: CurrencyCode;
  onChange: (id: string) => void;
}

export function SpendTemplateField({ value, currency, onChange }: SpendTemplateFieldProps) {
  const { t, i18n } = useTranslation(CARD_OPEN_NS);
  const allowed = usePermission(SPENDING_MANAGE_PERMISSION);
  const templates = useQuery({
    queryKey: spendTemplatesKey,
    queryFn: ({ signal }) => loadSpendTemplates(signal),
    enabled: () => allowed && hasAccessToken(),
  });
  if (!allowed) return null;
  const list = templates.data ?? [];
  const chosen = list.find((template) => template.id === value);
  const parts = chosen ? spendSummary(chosen.rules, currency, t, i18n.language.startsWith('en')) : null;
  return (
    <div className="cp-open-template">
      <SelectField
        id="open-spendTemplateId"
        label={t('spendTemplate.label')}
        value={chosen ? value : ''}
        onChange={onChange}
        options={[
          { value: '', label: list.length ? t('spendTemplate.none') : t('spendTemplate.empty') },
          ...list.map((template) => ({ value: template.id, label: template.name })),
        ]}
        data-testid="open-spend-template"
      />
      <p className="cp-open__muted" data-testid="open-spend-summary">
        {parts === null
          ? t('spendTemplate.hint')
          : parts.length
            ? t('spendTemplate.sets', { rules: parts.join(' · ') })
            : t('spendTemplate.nothing')}
      </p>
    </div>
  );
}
