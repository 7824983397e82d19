/**
 * Export of the card records: the tab's export endpoint (authTransDown or transDown) streams the
 * rows of the filters the list shows; on the team page with its member scope (`team`), so the file
 * holds the rows of the pageForSub list on screen.
 */
import { useTranslation } from 'react-i18next';
import { ExportSheet } from '@web/components/ui/ExportSheet';
import { download } from '@web/lib/http';
import { CARD_RECORDS_NS } from '../i18n';
import { TAB_DEFS, type RecordTab } from '../record-tabs';
import type { TradeFilterRequest } from '../trade-filter';

export interface RecordsExportSheetProps {
  visible: boolean;
  tab: RecordTab;
  /** The applied filters of the list on screen. */
  filter: TradeFilterRequest;
  /** Rows the file will hold (the list's total), when known. */
  total: number | undefined;
  /** The owner's team page: its members' records, one member's when `subAccountId` is set. */
  team?: { subAccountId: string } | undefined;
  onClose: () => void;
}

export function RecordsExportSheet({ visible, tab, filter, total, team, onClose }: RecordsExportSheetProps) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const def = TAB_DEFS[tab];
  return (
    <ExportSheet
      visible={visible}
      texts={{
        title: t('export.title'),
        text: t('export.text', { count: total ?? 0 }),
        xlsx: t('export.xlsx'),
        csv: t('export.csv'),
      }}
      fetchFile={(format) => {
        const request = def.exportStatus ? { ...filter, status: def.exportStatus } : filter;
        const scope = team ? { team: '1' as const, subAccountId: team.subAccountId || undefined } : {};
        return download(def.down, { ...request, ...scope, format });
      }}
      fallbackName={(format) => `${t(`export.fileName.${tab}`)}.${format}`}
      onClose={onClose}
      data-testid="records-export"
    />
  );
}
