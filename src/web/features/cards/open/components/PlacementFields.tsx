/** The optional card group and tag of the cards being opened (issue 15), from the customer's lists. */
import { useTranslation } from 'react-i18next';
import { SelectField } from '@web/components/ui/SelectField';
import { useGroupChoices, useTagChoices } from '@web/lib/card-groups';
import { CARD_OPEN_NS } from '../i18n';

export interface PlacementFieldsProps {
  gid: string;
  tagId: string;
  onGroup: (gid: string) => void;
  onTag?: (tagId: string) => void;
}

export function PlacementFields({ gid, tagId, onGroup, onTag }: PlacementFieldsProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const groups = useGroupChoices();
  const tags = useTagChoices(onTag !== undefined);
  return (
    <>
      <SelectField
        label={t('placement.group')}
        value={gid}
        onChange={onGroup}
        options={[
          { value: '', label: t('placement.noGroup') },
          ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
        ]}
        data-testid="open-group"
      />
      {onTag ? (
        <SelectField
          label={t('placement.tag')}
          value={tagId}
          onChange={onTag}
          options={[
            { value: '', label: t('placement.noTag') },
            ...(tags.data ?? []).map((x) => ({ value: x.id, label: x.name })),
          ]}
          data-testid="open-tag"
        />
      ) : null}
    </>
  );
}
