/**
 * Export one group's cards (cardGroup/cardDown) with the card export's rules: the last four digits
 * by default; full numbers only with the e-mail code of card/down/getCode, checked first so a typo
 * is told here, and a `card_export_full` step-up asked last (cancelling it downloads nothing).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardGroupView } from '../../../../contract/card-groups';
import { cardGroupDown } from '../../../../contract/card-groups';
import { checkCode, downGetCode } from '../../../../contract/cards';
import { ExportSheet, type ExportFormat } from '../../../components/ui/ExportSheet';
import { SendCodeButton } from '../../../components/ui/SendCodeButton';
import { CodeField } from '../../../components/ui/TextField';
import { call, download } from '../../../lib/http';
import { useStepUp } from '../../../lib/step-up';
import { CARD_GROUPS_NS } from '../i18n';

export function GroupExportSheet({ group, onClose }: { group: CardGroupView; onClose: () => void }) {
  const { t } = useTranslation(CARD_GROUPS_NS);
  const [full, setFull] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const askStepUp = useStepUp();
  const fetchFile = async (format: ExportFormat) => {
    if (!full) return download(cardGroupDown, { id: group.id, format });
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return void setCodeError(t('common:validation.code'));
    const { valid } = await call(checkCode, { code: typed });
    if (!valid) return void setCodeError(t('common:validation.code'));
    const stepUpTicket = await askStepUp('card_export_full');
    if (!stepUpTicket) return;
    return download(cardGroupDown, { id: group.id, format, full: '1', code: typed, stepUpTicket });
  };
  return (
    <ExportSheet
      visible
      texts={{
        title: t('exportTitle', { name: group.name }),
        text: t('exportText', { count: group.cardCount }),
        xlsx: t('xlsx'),
        csv: t('csv'),
      }}
      fetchFile={fetchFile}
      fallbackName={(format) => `cards.${format}`}
      onClose={onClose}
      data-testid="group-export"
    >
      <label className={`cp-choice__item cp-choice__item--check ${full ? 'cp-choice__item--on' : ''}`}>
        <input
          type="checkbox"
          checked={full}
          onChange={(event) => {
            setFull(event.target.checked);
            setCodeError(undefined);
          }}
          data-testid="group-export-full"
        />
        <span>{t('exportFull')}</span>
      </label>
      {full ? (
        <CodeField
          name="exportCode"
          label={t('exportCode')}
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
              data-testid="group-export-send-code"
            />
          }
          data-testid="group-export-code"
        />
      ) : null}
    </ExportSheet>
  );
}
