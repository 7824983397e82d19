/**
 * Export of the card records: the tab's export endpoint (authTransDown or transDown) streams the
 * rows of the filters the list shows.
 */
import { useTranslation } from 'react-i18next';
import { ExportSheet } from '../../../../components/ui/ExportSheet';
import { download } from '../../../../lib/http';
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
  onClose: () => void;
}

export function RecordsExportSheet({ visible, tab, filter, total, onClose }: RecordsExportSheetProps) {
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
        return download(def.down, { ...request, format });
      }}
      fallbackName={(format) => `${t(`export.fileName.${tab}`)}.${format}`}
      onClose={onClose}
      data-testid="records-export"
    />
  );
}
