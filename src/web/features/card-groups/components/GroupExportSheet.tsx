/**
 * Export one group's cards (cardGroup/cardDown) under the card export's rules
 * (CardNumbersExportSheet: last four digits by default; full numbers with the mailed code, checked
 * first, and a `card_export_full` step-up asked last).
 */
import { useTranslation } from 'react-i18next';
import type { CardGroupView } from '@contract/card-groups';
import { cardGroupDown } from '@contract/card-groups';
import { CardNumbersExportSheet } from '../../../components/ui/CardNumbersExportSheet';
import { download } from '../../../lib/http';
import { CARD_GROUPS_NS } from '../i18n';

export function GroupExportSheet({ group, onClose }: { group: CardGroupView; onClose: () => void }) {
  const { t } = useTranslation(CARD_GROUPS_NS);
  return (
    <CardNumbersExportSheet
      texts={{
        title: t('exportTitle', { name: group.name }),
        text: t('exportText', { count: group.cardCount }),
        xlsx: t('xlsx'),
        csv: t('csv'),
        full: t('exportFull'),
        code: t('exportCode'),
        codeRefused: t('common:validation.code'),
      }}
      download={(format, proof) => download(cardGroupDown, { id: group.id, format, ...proof })}
      onClose={onClose}
      data-testid="group-export"
    />
  );
}
