/**
 * Export of the card list (cardDown): the cards of the searched filters as XLSX or CSV. By default
 * the file holds the last four digits only. "With full numbers" adds the full number, expiry and
 * CVV, and needs a code mailed by down/getCode: the code is checked first (checkCode, which does
 * not spend it), so a typo is told here, then spent by the download, which the server logs per
 * card.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardDown, checkCode, downGetCode } from '../../../../../contract/cards';
import { SendCodeButton } from '../../../../components/ui/SendCodeButton';
import { Sheet } from '../../../../components/ui/Sheet';
import { CodeField } from '../../../../components/ui/TextField';
import { call, download } from '../../../../lib/http';
import { toastSuccess } from '../../../../lib/notify';
import type { CardFilterRequest } from '../card-filter';
import { CARD_LIST_NS } from '../i18n';
import { saveFile } from '../save-file';

type Format = 'xlsx' | 'csv';
const FORMATS: readonly Format[] = ['xlsx', 'csv'];

export interface ExportSheetProps {
  /** The searched filters: the file holds exactly the cards the list shows. */
  filter: CardFilterRequest;
  total: number | undefined;
  onClose: () => void;
}

export function ExportSheet({ filter, total, onClose }: ExportSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [format, setFormat] = useState<Format>('xlsx');
  const [full, setFull] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    await call(downGetCode, {});
    return true;
  };

  const run = async () => {
    const typed = code.trim();
    if (full && !/^\d{6}$/.test(typed)) return setCodeError(t('common:validation.code'));
    setBusy(true);
    try {
      if (full) {
        const { valid } = await call(checkCode, { code: typed });
        if (!valid) return setCodeError(t('export.codeRefused'));
      }
      const file = await download(
        cardDown,
        full ? { ...filter, format, full: '1', code: typed } : { ...filter, format },
      );
      const name = file.fileName ?? `cards.${format}`;
      saveFile(file.blob, name);
      toastSuccess(t('export.saved', { name }));
      onClose();
    } catch {
      // The HTTP layer has said why; the sheet stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible
      title={t('export.title')}
      onClose={onClose}
      data-testid="card-export"
      footer={
        <Button
          block
          color="primary"
          loading={busy}
          disabled={busy}
          onClick={() => void run()}
          data-testid="card-export-download"
        >
          {t('export.download')}
        </Button>
      }
    >
      <p className="cp-cl-text">{t('export.text', { count: total ?? 0 })}</p>
      <fieldset className="cp-cl-choice">
        <legend className="cp-field__label">{t('export.format')}</legend>
        {FORMATS.map((value) => (
          <label
            key={value}
            className={`cp-cl-choice__item ${format === value ? 'cp-cl-choice__item--on' : ''}`}
          >
            <input
              type="radio"
              name="card-export-format"
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
              data-testid={`card-export-${value}`}
            />
            <span>{t(`export.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <label
        className={`cp-cl-choice__item cp-cl-choice__item--check ${full ? 'cp-cl-choice__item--on' : ''}`}
      >
        <input
          type="checkbox"
          checked={full}
          onChange={(event) => {
            setFull(event.target.checked);
            setCodeError(undefined);
          }}
          data-testid="card-export-full"
        />
        <span>{t('export.full')}</span>
      </label>
      {full ? (
        <div className="cp-cl-export-full">
          <p className="cp-cl-notice cp-cl-notice--warn">{t('export.fullText')}</p>
          <CodeField
            name="exportCode"
            label={t('export.code')}
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''));
              setCodeError(undefined);
            }}
            error={codeError}
            suffix={<SendCodeButton onSend={sendCode} data-testid="card-export-send-code" />}
            data-testid="card-export-code"
          />
        </div>
      ) : null}
    </Sheet>
  );
}
