/**
 * Deleting cards, one or a batch (all or nothing), after a confirmation that says what happens to
 * their money: the remaining balance returns to the wallet. A card with pending authorizations
 * cannot be deleted until they settle (409); a refusal is shown in the sheet, next to the button,
 * rather than in a passing toast. The callers give what differs: the call, the title and texts.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { ConfirmButtons } from '@web/components/ui/SheetButtons';
import { ApiError, catalogueMessage } from '@web/lib/http';
import { translate } from '@web/lib/i18n';
import { useBusy } from '@web/lib/useBusy';
import { useSubmissionKey } from '@web/lib/useSubmissionKey';
import { refreshWallet } from '@web/lib/wallet';
import { CARD_LIST_NS } from '../i18n';

/** The text of a refused card action, shown in its sheet (the toast is silenced for it). */
export function refusalText(error: unknown, fallback409: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 409 && !error.msg.trim()) return fallback409;
  return catalogueMessage(error.code, error.msg, error.path, translate);
}

export interface RemoveCardsSheetProps<F, R> {
  title: string;
  /** The prefix of every test id: `-sheet`, `-text`, `-cancel`, `-confirm`, `-refusal`. */
  testId: string;
  /** Above the text: the card, when there is one. */
  head?: ReactNode;
  text: string;
  /** The money that returns to the wallet, when it is known and more than nothing. */
  returns: { minor: number; currency: CurrencyCode } | null;
  /** Nothing to delete, or more than one batch may hold: confirm is locked. */
  blocked?: boolean;
  /** Why it is locked, when the customer can do something about it (too many cards). */
  warning?: string | null;
  confirm: string;
  /** The request's fields; the same fields keep the same Idempotency-Key on a retry. */
  fields: F;
  remove: (fields: F, idempotencyKey: string) => Promise<R>;
  /** Deleted: the caller says so and updates the list; the wallet is refreshed here. */
  onRemoved: (result: R) => void;
  onClose: () => void;
}

export function RemoveCardsSheet<F, R>({
  title,
  testId,
  head,
  text,
  returns,
  blocked = false,
  warning = null,
  confirm,
  fields,
  remove,
  onRemoved,
  onClose,
}: RemoveCardsSheetProps<F, R>) {
  const { t } = useTranslation(CARD_LIST_NS);
  const { busy, run } = useBusy();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { send } = useSubmissionKey();

  const removeCards = () => {
    setRefusal(null);
    return run(
      async () => {
        const result = await send(fields, (idempotencyKey) => remove(fields, idempotencyKey));
        void refreshWallet();
        onRemoved(result);
      },
      (error) => setRefusal(refusalText(error, t('delete.pending'))),
    );
  };

  return (
    <Sheet
      visible
      title={title}
      onClose={onClose}
      data-testid={`${testId}-sheet`}
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={confirm}
          onCancel={onClose}
          onConfirm={() => void removeCards()}
          busy={busy}
          disabled={blocked}
          color="danger"
          testId={testId}
        />
      }
    >
      {head}
      <p className="cp-sheet-text" data-testid={`${testId}-text`}>
        {text}{' '}
        {returns && returns.minor > 0 ? (
          <strong>
            {t('delete.returns')} <Money minor={returns.minor} currency={returns.currency} />
          </strong>
        ) : null}
      </p>
      <p className="cp-sheet-text cp-muted">{t('delete.final')}</p>
      {warning ? (
        <p className="cp-notice cp-notice--warn" role="alert">
          {warning}
        </p>
      ) : null}
      {refusal ? (
        <p className="cp-notice cp-notice--error" role="alert" data-testid={`${testId}-refusal`}>
          {refusal}
        </p>
      ) : null}
    </Sheet>
  );
}
