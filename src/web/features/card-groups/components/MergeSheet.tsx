/** Merge the selected groups: the customer picks the group to keep; the others' cards move into it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardGroupView } from '@contract/card-groups';
import { cardGroupMerge } from '@contract/card-groups';
import { SelectField } from '../../../components/ui/SelectField';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { CARD_GROUPS_NS } from '../i18n';

export function MergeSheet({
  groups,
  onDone,
  onClose,
}: {
  groups: readonly CardGroupView[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(CARD_GROUPS_NS);
  // The biggest group is the natural one to keep: fewest cards move.
  const [target, setTarget] = useState(
    () => [...groups].sort((a, b) => b.cardCount - a.cardCount)[0]?.id ?? '',
  );
  const [busy, setBusy] = useState(false);
  const merge = async () => {
    setBusy(true);
    try {
      const ids = groups.map((g) => g.id).filter((id) => id !== target);
      const result = await call(cardGroupMerge, { ids: ids.join(','), targetId: target });
      toastSuccess(t('merged', { moved: result.moved, removed: result.removed }));
      onDone();
      onClose();
    } catch {
      // Shown by lib/http.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet
      visible
      title={t('mergeTitle')}
      onClose={onClose}
      data-testid="group-merge"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('merge')}
          onCancel={onClose}
          onConfirm={() => void merge()}
          busy={busy}
          testId="group-merge"
        />
      }
    >
      <p>{t('mergeText', { count: groups.length - 1 })}</p>
      <SelectField
        label={t('mergeTarget')}
        value={target}
        onChange={setTarget}
        options={groups.map((g) => ({
          value: g.id,
          label: `${g.name} (${t('cards', { count: g.cardCount })})`,
        }))}
        data-testid="group-merge-target"
      />
    </Sheet>
  );
}
