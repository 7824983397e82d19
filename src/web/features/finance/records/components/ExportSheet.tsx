/**
 * Export of the financial breakdown (flowDown): the customer picks XLSX or CSV; the file holds
 * exactly the rows of the filters the list shows, and is saved under the name the server gives.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowDown } from '../../../../../contract/finance';
import { Sheet } from '../../../../components/ui/Sheet';
import { download } from '../../../../lib/http';
import { toastSuccess } from '../../../../lib/notify';
import { FINANCE_NS } from '../../transfer/i18n';
import type { FlowFilterRequest } from '../flow-filter';
import { saveFile } from '../save-file';

export type ExportFormat = 'xlsx' | 'csv';

const FORMATS: readonly ExportFormat[] = ['xlsx', 'csv'];

export interface ExportSheetProps {
  visible: boolean;
  /** The filters of the rows on screen. */
  filter: FlowFilterRequest;
  /** How many rows the file will hold (the list's total). */
  total: number | undefined;
  onClose: () => void;
}

export function ExportSheet({ visible, filter, total, onClose }: ExportSheetProps) {
  const { t } = useTranslation(FINANCE_NS);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await download(flowDown, { ...filter, format });
      const name = file.fileName ?? `financial-records.${format}`;
      saveFile(file.blob, name);
      toastSuccess(t('records.exported', { name }));
      onClose();
    } catch {
      // The HTTP layer has shown why; the sheet stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible={visible}
      title={t('records.exportTitle')}
      onClose={onClose}
      data-testid="flow-export"
      footer={
        <Button
          block
          color="primary"
          loading={busy}
          disabled={busy}
          onClick={() => void run()}
          data-testid="flow-export-download"
        >
          {t('records.download')}
        </Button>
      }
    >
      <p className="cp-fin-sheet-text">{t('records.exportText', { count: total ?? 0 })}</p>
      <fieldset className="cp-choice">
        <legend className="cp-field__label">{t('records.format')}</legend>
        {FORMATS.map((value) => (
          <label key={value} className={`cp-choice__item ${format === value ? 'cp-choice__item--on' : ''}`}>
            <input
              type="radio"
              name="flow-export-format"
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
              data-testid={`flow-export-${value}`}
            />
            <span>{t(`records.${value}`)}</span>
          </label>
        ))}
      </fieldset>
    </Sheet>
  );
}
