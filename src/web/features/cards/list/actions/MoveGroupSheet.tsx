/** Move the selected cards into a card group, or out of any group (cardGroup/editBatchGroup). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editBatchGroup } from '@contract/card-groups';
import type { CardView } from '@contract/cards';
import { ActionSheet } from '@web/components/ui/ActionSheet';
import { SelectField } from '@web/components/ui/SelectField';
import { invalidateGroupChoices, NO_GROUP, useGroupChoices } from '@web/lib/card-groups';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { CARD_LIST_NS } from '../i18n';

export function MoveGroupSheet({
  cards,
  onClose,
  onDone,
}: {
  cards: readonly CardView[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(CARD_LIST_NS);
  const client = useQueryClient();
  const groups = useGroupChoices();
  const [target, setTarget] = useState('');
  const chosen = target || groups.data?.[0]?.id || NO_GROUP;
  const move = async () => {
    const result = await call(editBatchGroup, {
      cardIds: cards.map((c) => c.id).join(','),
      gid: chosen === NO_GROUP ? '' : chosen,
    });
    toastSuccess(t('move.done', { count: result.moved }));
    invalidateGroupChoices(client);
    void client.invalidateQueries({ queryKey: ['cardGroups'] });
    onDone();
  };
  return (
    <ActionSheet
      title={t('move.title', { count: cards.length })}
      testId="move-group"
      cancel={t('cancel')}
      confirm={t('move.confirm')}
      run={move}
      onClose={onClose}
    >
      <SelectField
        label={t('move.group')}
        value={chosen}
        onChange={setTarget}
        options={[
          ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          { value: NO_GROUP, label: t('move.none') },
        ]}
        data-testid="move-group-target"
      />
    </ActionSheet>
  );
}
