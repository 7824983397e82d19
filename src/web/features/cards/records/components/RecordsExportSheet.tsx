/**
 * Export of the card records: the customer picks XLSX or CSV, and the tab's export endpoint
 * (authTransDown or transDown) streams the rows of the filters the list shows. The file keeps the
 * name the server gives it; the sheet stays open when the export is refused, for another try.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../../components/ui/Sheet';
import { download } from '../../../../lib/http';
import { toastSuccess } from '../../../../lib/notify';
import { CARD_RECORDS_NS } from '../i18n';
import { TAB_DEFS, type RecordTab } from '../record-tabs';
import { saveDownloadedFile } from '../save-file';
import type { TradeFilterRequest } from '../trade-filter';

type Format = 'xlsx' | 'csv';
const FORMATS: readonly Format[] = ['xlsx', 'csv'];

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
  const [format, setFormat] = useState<Format>('xlsx');
  const [busy, setBusy] = useState(false);
  const def = TAB_DEFS[tab];

  const run = async () => {
    setBusy(true);
    try {
      const request = def.exportStatus ? { ...filter, status: def.exportStatus } : filter;
      const file = await download(def.down, { ...request, format });
      const name = file.fileName ?? `${t(`export.fileName.${tab}`)}.${format}`;
      saveDownloadedFile(file.blob, name);
      toastSuccess(t('export.done', { name }));
      onClose();
    } catch {
      // The HTTP layer has already said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible={visible}
      title={t('export.title')}
      onClose={onClose}
      data-testid="records-export"
      footer={
        <Button
          block
          color="primary"
          loading={busy}
          disabled={busy}
          onClick={() => void run()}
          data-testid="records-export-download"
        >
          {t('export.download')}
        </Button>
      }
    >
      <p className="cp-rec-sheet-text">{t('export.text', { count: total ?? 0 })}</p>
      <fieldset className="cp-rec-formats">
        <legend className="cp-field__label">{t('export.format')}</legend>
        {FORMATS.map((value) => (
          <label
            key={value}
            className={`cp-rec-formats__item ${format === value ? 'cp-rec-formats__item--on' : ''}`}
          >
            <input
              type="radio"
              name="records-export-format"
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
              data-testid={`records-export-${value}`}
            />
            <span>{t(`export.${value}`)}</span>
          </label>
        ))}
      </fieldset>
    </Sheet>
  );
}
