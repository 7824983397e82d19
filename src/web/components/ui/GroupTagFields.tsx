/**
 * The group and tag pickers of every card filter (card list, card records): a group, "no group"
 * or all; a tag or all. The choices come from lib/card-groups.ts.
 */
import { useTranslation } from 'react-i18next';
import { NO_GROUP, useGroupChoices, useTagChoices } from '../../lib/card-groups';
import type { MaybeFact } from './empty-sentence';
import { SelectField } from './SelectField';
import { WIDGETS_NS } from './widgets-i18n';

export interface GroupTagFieldsProps {
  groupId: string;
  tagId: string;
  onGroup: (groupId: string) => void;
  onTag: (tagId: string) => void;
  /** Prefix of the test ids: `-group`, `-tag`. */
  testId: string;
}

export function GroupTagFields({ groupId, tagId, onGroup, onTag, testId }: GroupTagFieldsProps) {
  const { t } = useTranslation(WIDGETS_NS);
  const groups = useGroupChoices();
  const tags = useTagChoices();
  return (
    <>
      <SelectField
        label={t('groupTag.group')}
        name="groupId"
        value={groupId}
        onChange={onGroup}
        options={[
          { value: '', label: t('groupTag.allGroups') },
          { value: NO_GROUP, label: t('groupTag.noGroup') },
          ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
        ]}
        data-testid={`${testId}-group`}
      />
      <SelectField
        label={t('groupTag.tag')}
        name="tagId"
        value={tagId}
        onChange={onTag}
        options={[
          { value: '', label: t('groupTag.allTags') },
          ...(tags.data ?? []).map((x) => ({ value: x.id, label: x.name })),
        ]}
        data-testid={`${testId}-tag`}
      />
    </>
  );
}

/** The group and tag filters as facts of an empty list's sentence, by their names. */
export function useGroupTagFacts(groupId: string | undefined, tagId: string | undefined): MaybeFact[] {
  const { t } = useTranslation(WIDGETS_NS);
  const groups = useGroupChoices(Boolean(groupId));
  const tags = useTagChoices(Boolean(tagId));
  const groupName =
    groupId === NO_GROUP
      ? t('groupTag.noGroup')
      : (groups.data?.find((g) => g.id === groupId)?.name ?? groupId);
  const tagName = tags.data?.find((x) => x.id === tagId)?.name ?? tagId;
  return [
    groupId && { kind: 'is', label: t('groupTag.group'), value: groupName ?? '' },
    tagId && { kind: 'is', label: t('groupTag.tag'), value: tagName ?? '' },
  ];
}
