/**
 * Export of the financial breakdown (flowDown): the file holds exactly the rows of the filters the
 * list shows.
 */
import { useTranslation } from 'react-i18next';
import { flowDown } from '@contract/finance';
import { ExportSheet } from '@web/components/ui/ExportSheet';
import { download } from '@web/lib/http';
import { FINANCE_NS } from '../../transfer/i18n';
import type { FlowFilterRequest } from '../flow-filter';

export interface FlowExportSheetProps {
  visible: boolean;
  /** The filters of the rows on screen. */
  filter: FlowFilterRequest;
  /** How many rows the file will hold (the list's total). */
  total: number | undefined;
  onClose: () => void;
}

export function FlowExportSheet({ visible, filter, total, onClose }: FlowExportSheetProps) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <ExportSheet
      visible={visible}
      texts={{
        title: t('records.exportTitle'),
        text: t('records.exportText', { count: total ?? 0 }),
        xlsx: t('records.xlsx'),
        csv: t('records.csv'),
      }}
      fetchFile={(format) => download(flowDown, { ...filter, format })}
      fallbackName={(format) => `financial-records.${format}`}
      onClose={onClose}
      data-testid="flow-export"
    />
  );
}
