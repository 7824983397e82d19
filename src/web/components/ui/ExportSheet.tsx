/**
 * The export sheet of every list that exports (spec §2 filter panel "Export"): the customer picks
 * XLSX or CSV, the page fetches the file of exactly the rows its filters show, and the file is
 * saved under the name the server gives. A refused or failed export keeps the sheet open for
 * another try (the HTTP layer, or the page, has said why).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Downloaded } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { saveFile } from '../../lib/save-file';
import { useBusy } from '../../lib/useBusy';
import { Sheet } from './Sheet';
import { SheetButton } from './SheetButtons';
import { WIDGETS_NS } from './widgets-i18n';
import './fields.css';

export type ExportFormat = 'xlsx' | 'csv';

const FORMATS: readonly ExportFormat[] = ['xlsx', 'csv'];

/** The page's words; the format legend, the button and the toast are the widget's own. */
export interface ExportSheetTexts {
  title: string;
  /** What the file will hold, e.g. "The file will hold 23 records." */
  text: string;
  /** The names of the formats. */
  xlsx: string;
  csv: string;
}

export interface ExportSheetProps {
  visible: boolean;
  texts: ExportSheetTexts;
  /**
   * Fetches the file in the chosen format; undefined when the page stopped before downloading
   * (it shows why, e.g. a missing code).
   */
  fetchFile: (format: ExportFormat) => Promise<Downloaded | undefined>;
  /** The file's name when the server gives none. */
  fallbackName: (format: ExportFormat) => string;
  onClose: () => void;
  /** More choices under the format (the card list's full export). */
  children?: ReactNode;
  /** The sheet's test id, also the prefix of its parts: `-download`, `-xlsx`, `-csv`. */
  'data-testid': string;
}

export function ExportSheet({
  visible,
  texts,
  fetchFile,
  fallbackName,
  onClose,
  children,
  ...rest
}: ExportSheetProps) {
  const { t } = useTranslation(WIDGETS_NS);
  const testId = rest['data-testid'];
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const { busy, run } = useBusy();

  // A failure keeps the sheet open for another try.
  const save = () =>
    run(async () => {
      const file = await fetchFile(format);
      if (!file) return;
      const name = file.fileName ?? fallbackName(format);
      saveFile(file.blob, name);
      toastSuccess(t('export.saved', { name }));
      onClose();
    });

  return (
    <Sheet
      visible={visible}
      title={texts.title}
      onClose={onClose}
      data-testid={testId}
      footer={
        <SheetButton busy={busy} onClick={() => void save()} data-testid={`${testId}-download`}>
          {t('export.download')}
        </SheetButton>
      }
    >
      <p className="cp-sheet-text">{texts.text}</p>
      <fieldset className="cp-choice">
        <legend className="cp-field__label">{t('export.format')}</legend>
        {FORMATS.map((value) => (
          <label key={value} className={`cp-choice__item ${format === value ? 'cp-choice__item--on' : ''}`}>
            <input
              type="radio"
              name={`${testId}-format`}
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
              data-testid={`${testId}-${value}`}
            />
            <span>{texts[value]}</span>
          </label>
        ))}
      </fieldset>
      {children}
    </Sheet>
  );
}
