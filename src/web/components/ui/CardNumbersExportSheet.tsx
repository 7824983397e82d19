/**
 * An export of cards (the card list's cardDown, a group's cardGroup/cardDown) under the card
 * export's rules, in one place. By default the file holds the last four digits only. "With full
 * numbers" adds the full number, expiry and CVV, and needs a code mailed by down/getCode: the code
 * is checked first (checkCode, which does not spend it), so a typo is told here, then spent by the
 * download, which the server logs per card. A full export also needs a `card_export_full` step-up
 * (useStepUp): the password or Google code is asked last, right before the download; cancelling it
 * downloads nothing. The callers give the texts and the download call.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCode, downGetCode } from '../../../contract/cards';
import { call, type Downloaded } from '../../lib/http';
import { useStepUp } from '../../lib/step-up';
import { ExportSheet, type ExportFormat, type ExportSheetTexts } from './ExportSheet';
import { SendCodeButton } from './SendCodeButton';
import { CodeField } from './TextField';

/** What a full export sends besides the format. */
export interface FullNumbersProof {
  full: '1';
  code: string;
  stepUpTicket: string;
}

export interface CardNumbersExportSheetProps {
  texts: ExportSheetTexts & {
    /** The "with full numbers" choice, the code's label, and the message of a refused code. */
    full: string;
    code: string;
    codeRefused: string;
  };
  /** Shown above the code while full numbers are chosen. */
  fullNotice?: ReactNode;
  /** The file in `format`: last four digits only, or full numbers with `proof`. */
  download: (format: ExportFormat, proof?: FullNumbersProof) => Promise<Downloaded>;
  onClose: () => void;
  /** The prefix of the test ids: the sheet's own, `-full`, `-code`, `-send-code`. */
  'data-testid': string;
}

export function CardNumbersExportSheet({
  texts,
  fullNotice,
  download,
  onClose,
  'data-testid': testId,
}: CardNumbersExportSheetProps) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const askStepUp = useStepUp();

  const fetchFile = async (format: ExportFormat) => {
    if (!full) return download(format);
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return void setCodeError(t('common:validation.code'));
    const { valid } = await call(checkCode, { code: typed });
    if (!valid) return void setCodeError(texts.codeRefused);
    const stepUpTicket = await askStepUp('card_export_full');
    if (!stepUpTicket) return;
    return download(format, { full: '1', code: typed, stepUpTicket });
  };

  return (
    <ExportSheet
      visible
      texts={texts}
      fetchFile={fetchFile}
      fallbackName={(format) => `cards.${format}`}
      onClose={onClose}
      data-testid={testId}
    >
      <label className={`cp-choice__item cp-choice__item--check ${full ? 'cp-choice__item--on' : ''}`}>
        <input
          type="checkbox"
          checked={full}
          onChange={(event) => {
            setFull(event.target.checked);
            setCodeError(undefined);
          }}
          data-testid={`${testId}-full`}
        />
        <span>{texts.full}</span>
      </label>
      {full ? (
        <div className="cp-export-full">
          {fullNotice}
          <CodeField
            name="exportCode"
            label={texts.code}
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''));
              setCodeError(undefined);
            }}
            error={codeError}
            suffix={
              <SendCodeButton
                onSend={async () => {
                  await call(downGetCode, {});
                  return true;
                }}
                data-testid={`${testId}-send-code`}
              />
            }
            data-testid={`${testId}-code`}
          />
        </div>
      ) : null}
    </ExportSheet>
  );
}
