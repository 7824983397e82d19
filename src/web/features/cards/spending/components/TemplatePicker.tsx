/**
 * The customer's saved templates: pick one to fill the form, save the form as a new one (or over
 * the one picked), delete one. Changing templates needs the rules permission; reading does not.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardSpendRulesInput } from '@contract/spending';
import type { SpendingTemplateView } from '@contract/spending-templates';
import {
  SPENDING_MANAGE_PERMISSION,
  spendingTemplateList,
  spendingTemplateRemove,
  spendingTemplateSave,
} from '@contract/spending-templates';
import Button from '@web/components/ui/Button';
import { usePermission } from '@web/components/ui/Can';
import { SelectField } from '@web/components/ui/SelectField';
import { TextField } from '@web/components/ui/TextField';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { useBusy } from '@web/lib/useBusy';
import { SPENDING_NS } from '../i18n';

export const TEMPLATES_KEY = ['spendingTemplates'] as const;

export function useTemplates() {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: ({ signal }) => call(spendingTemplateList, {}, { signal }),
  });
}

export function TemplatePicker({
  rules,
  onPick,
}: {
  /** The form's rules now (null while it has errors: nothing to save). */
  rules: CardSpendRulesInput | null;
  onPick: (template: SpendingTemplateView) => void;
}) {
  const { t } = useTranslation(SPENDING_NS);
  const client = useQueryClient();
  const templates = useTemplates();
  const mayManage = usePermission(SPENDING_MANAGE_PERMISSION);
  const [picked, setPicked] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const { busy, run } = useBusy();
  const list = templates.data ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: TEMPLATES_KEY });

  const save = () =>
    run(async () => {
      if (!rules) return;
      const saved = await call(spendingTemplateSave, { name, rules });
      toastSuccess(t('templates.saved', { name: saved.name }));
      setNaming(false);
      setPicked(saved.id);
      await refresh();
    });
  const remove = () =>
    run(async () => {
      await call(spendingTemplateRemove, { id: picked });
      setPicked('');
      await refresh();
    });

  return (
    <div className="cp-spend-templates" data-testid="spend-templates">
      <SelectField<string>
        label={t('templates.pick')}
        value={picked}
        options={[
          { value: '', label: list.length ? t('templates.none') : t('templates.empty') },
          ...list.map((template) => ({ value: template.id, label: template.name })),
        ]}
        onChange={(id) => {
          setPicked(id);
          const template = list.find((x) => x.id === id);
          if (template) onPick(template);
        }}
        data-testid="spend-template-pick"
      />
      {mayManage ? (
        <div className="cp-spend-templates__actions">
          {naming ? (
            <>
              <TextField
                label={t('templates.name')}
                value={name}
                onChange={setName}
                maxLength={32}
                placeholder={t('templates.namePlaceholder')}
                data-testid="spend-template-name"
              />
              <Button
                size="small"
                color="primary"
                loading={busy}
                disabled={!rules || !name.trim()}
                onClick={() => void save()}
                data-testid="spend-template-save"
              >
                {t('templates.save')}
              </Button>
              <Button size="small" fill="none" onClick={() => setNaming(false)}>
                {t('templates.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="small"
                fill="outline"
                disabled={!rules}
                onClick={() => setNaming(true)}
                data-testid="spend-template-new"
              >
                {t('templates.saveAs')}
              </Button>
              {picked ? (
                <Button
                  size="small"
                  fill="none"
                  color="danger"
                  loading={busy}
                  onClick={() => void remove()}
                  data-testid="spend-template-remove"
                >
                  {t('templates.remove')}
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
