/**
 * Export of the card list (cardDown): the cards of the searched filters. By default the file holds
 * the last four digits only. "With full numbers" adds the full number, expiry and CVV, and needs a
 * code mailed by down/getCode: the code is checked first (checkCode, which does not spend it), so
 * a typo is told here, then spent by the download, which the server logs per card. A full export
 * also needs a `card_export_full` step-up (useStepUp): the password or Google code is asked last,
 * right before the download; cancelling it downloads nothing.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardDown, checkCode, downGetCode } from '../../../../../contract/cards';
import { ExportSheet, type ExportFormat } from '../../../../components/ui/ExportSheet';
import { SendCodeButton } from '../../../../components/ui/SendCodeButton';
import { CodeField } from '../../../../components/ui/TextField';
import { call, download } from '../../../../lib/http';
import { useStepUp } from '../../../../lib/step-up';
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
  const [full, setFull] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const askStepUp = useStepUp();

  const sendCode = async () => {
    await call(downGetCode, {});
    return true;
  };

  const scoped = team
    ? { ...filter, team: '1' as const, subAccountId: team.subAccountId || undefined }
    : filter;

  const fetchFile = async (format: ExportFormat) => {
    if (!full) return download(cardDown, { ...scoped, format });
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return void setCodeError(t('common:validation.code'));
    const { valid } = await call(checkCode, { code: typed });
    if (!valid) return void setCodeError(t('export.codeRefused'));
    const stepUpTicket = await askStepUp('card_export_full');
    if (!stepUpTicket) return;
    return download(cardDown, { ...scoped, format, full: '1', code: typed, stepUpTicket });
  };

  return (
    <ExportSheet
      visible
      texts={{
        title: t('export.title'),
        text: t('export.text', { count: total ?? 0 }),
        xlsx: t('export.xlsx'),
        csv: t('export.csv'),
      }}
      fetchFile={fetchFile}
      fallbackName={(format) => `cards.${format}`}
      onClose={onClose}
      data-testid="card-export"
    >
      <label className={`cp-choice__item cp-choice__item--check ${full ? 'cp-choice__item--on' : ''}`}>
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
          <p className="cp-notice cp-notice--warn">{t('export.fullText')}</p>
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
    </ExportSheet>
  );
}
