/**
 * Export of the card list (cardDown): the cards of the searched filters, under the card export's
 * rules (CardNumbersExportSheet: last four digits by default; full numbers with the mailed code
 * and a step-up). On the owner's team page the file takes the team scope of `pageForSub`.
 */
import { useTranslation } from 'react-i18next';
import { cardDown } from '@contract/cards';
import { CardNumbersExportSheet } from '@web/components/ui/CardNumbersExportSheet';
import { download } from '@web/lib/http';
import type { CardFilterRequest } from '../card-filter';
import { CARD_LIST_NS } from '../i18n';

export interface CardExportSheetProps {
  /** The searched filters: the file holds exactly the cards the list shows. */
  filter: CardFilterRequest;
  total: number | undefined;
  /** The owner's team page: its members' cards, one member's when `subAccountId` is set. */
  team?: { subAccountId: string } | undefined;
  onClose: () => void;
}

export function CardExportSheet({ filter, total, team, onClose }: CardExportSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const scoped = team
    ? { ...filter, team: '1' as const, subAccountId: team.subAccountId || undefined }
    : filter;
  return (
    <CardNumbersExportSheet
      texts={{
        title: t('export.title'),
        text: t('export.text', { count: total ?? 0 }),
        xlsx: t('export.xlsx'),
        csv: t('export.csv'),
        full: t('export.full'),
        code: t('export.code'),
        codeRefused: t('export.codeRefused'),
      }}
      fullNotice={<p className="cp-notice cp-notice--warn">{t('export.fullText')}</p>}
      download={(format, proof) => download(cardDown, { ...scoped, format, ...proof })}
      onClose={onClose}
      data-testid="card-export"
    />
  );
}
