/**
 * The last step before an order or a charge is created (issue 18 §4): the figures the customer is
 * about to commit to (amount, fee, and what they pay or receive) on one sheet, with cancel and
 * confirm side by side. Nothing is sent until confirm is tapped.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '../../../contract/core';
import { FigureLine } from './FigureLine';
import { Money } from './Money';
import { Sheet } from './Sheet';
import { ConfirmButtons } from './SheetButtons';
import { WIDGETS_NS } from './widgets-i18n';

export interface ConfirmFigure {
  label: string;
  minor: number;
  currency: CurrencyCode;
  /** The line the others add up to (what is paid or received). */
  total?: boolean;
  /** On the figure, for tests. */
  testId?: string;
}

export interface AmountConfirmSheetProps {
  visible: boolean;
  title: string;
  figures: readonly ConfirmFigure[];
  /** A line under the figures (where the money goes, what happens next). */
  note?: ReactNode;
  confirmText?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The prefix of test ids: the sheet itself, `-cancel` and `-confirm`. */
  testId: string;
}

export function AmountConfirmSheet({
  visible,
  title,
  figures,
  note,
  confirmText,
  busy,
  onConfirm,
  onCancel,
  testId,
}: AmountConfirmSheetProps) {
  const { t } = useTranslation(WIDGETS_NS);
  return (
    <Sheet
      visible={visible}
      title={title}
      onClose={onCancel}
      footer={
        <ConfirmButtons
          cancel={t('amountConfirm.cancel')}
          confirm={confirmText ?? t('amountConfirm.confirm')}
          onCancel={onCancel}
          onConfirm={onConfirm}
          busy={busy}
          testId={testId}
        />
      }
    >
      <div data-testid={testId}>
        <dl className="cp-figures">
          {figures.map((figure) => (
            <FigureLine
              key={figure.label}
              label={figure.label}
              total={figure.total ?? false}
              data-testid={figure.testId}
            >
              <Money minor={figure.minor} currency={figure.currency} />
            </FigureLine>
          ))}
        </dl>
        {note ? <p className="cp-sheet-note">{note}</p> : null}
      </div>
    </Sheet>
  );
}
