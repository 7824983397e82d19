/**
 * Put tags on and take tags off the selected cards in one step (tag/editCardTag). Each tag is
 * "put on", "take off" or "leave"; nothing is sent for the tags left alone.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { editCardTag } from '@contract/tags';
import { ActionSheet } from '@web/components/ui/ActionSheet';
import { SelectField } from '@web/components/ui/SelectField';
import { useTagChoices } from '@web/lib/card-groups';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { CARD_LIST_NS } from '../i18n';

type Change = 'keep' | 'add' | 'remove';

export function TagCardsSheet({
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
  const tags = useTagChoices();
  const [changes, setChanges] = useState<Readonly<Record<string, Change>>>({});
  const pick = (want: Change) =>
    Object.entries(changes)
      .filter(([, change]) => change === want)
      .map(([id]) => id);
  const apply = async () => {
    const add = pick('add');
    const remove = pick('remove');
    if (add.length + remove.length === 0) return onClose();
    await call(editCardTag, {
      cardIds: cards.map((c) => c.id).join(','),
      add: add.join(','),
      remove: remove.join(','),
    });
    toastSuccess(t('tagging.done'));
    void client.invalidateQueries({ queryKey: ['tags'] });
    onDone();
  };
  const list = tags.data ?? [];
  return (
    <ActionSheet
      title={t('tagging.title', { count: cards.length })}
      testId="tag-cards"
      cancel={t('cancel')}
      confirm={t('tagging.confirm')}
      disabled={list.length === 0}
      run={apply}
      onClose={onClose}
    >
      {list.length === 0 && !tags.isPending ? <p>{t('tagging.noTags')}</p> : null}
      {list.map((tag) => (
        <SelectField<Change>
          key={tag.id}
          label={tag.name}
          value={changes[tag.id] ?? 'keep'}
          onChange={(change) => setChanges((now) => ({ ...now, [tag.id]: change }))}
          options={[
            { value: 'keep', label: t('tagging.keep') },
            { value: 'add', label: t('tagging.add') },
            { value: 'remove', label: t('tagging.remove') },
          ]}
          data-testid="tag-cards-choice"
        />
      ))}
    </ActionSheet>
  );
}
