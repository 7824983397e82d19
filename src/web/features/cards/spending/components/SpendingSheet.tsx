/**
 * The spending-controls sheet (issue 33 §3, §5): start from the current rules or a template, edit
 * them, see what they would have declined in the last 30 days, then save. One sheet for a card, a
 * selection of cards and a card group; the caller says what saving does (`onSave`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import type { CardSpendRules, CardSpendRulesInput } from '@contract/spending';
import { Sheet } from '@web/components/ui/Sheet';
import { ConfirmButtons } from '@web/components/ui/SheetButtons';
import { TextField } from '@web/components/ui/TextField';
import { amountErrorKey, cleanAmountInput, parseAmount, plainAmount } from '@web/lib/amount-input';
import { useBusy } from '@web/lib/useBusy';
import { SPENDING_NS } from '../i18n';
import { draftOf, rulesOf } from '../rules-draft';
import type { PreviewTarget } from './PreviewPanel';
import { PreviewPanel } from './PreviewPanel';
import { RulesForm } from './RulesForm';
import { TemplatePicker } from './TemplatePicker';
import '../spending.css';

export interface SpendingSheetProps {
  title: string;
  /** What the preview replays; none for a selection of cards (each card has its own history). */
  preview: PreviewTarget | null;
  currency: CurrencyCode;
  initial: CardSpendRules | null;
  /** A group: its monthly budget is edited too (USD minor units, null none). */
  budget?: { monthly: number | null; currency: string } | undefined;
  /** Shown above the form (what the limits have used and have left). */
  header?: ReactNode;
  onSave: (rules: CardSpendRulesInput, monthlyBudget: number | null) => Promise<unknown>;
  onClose: () => void;
}

export function SpendingSheet({
  title,
  preview,
  currency,
  initial,
  budget,
  header,
  onSave,
  onClose,
}: SpendingSheetProps) {
  const { t } = useTranslation(SPENDING_NS);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [budgetText, setBudgetText] = useState(() => (budget?.monthly ? plainAmount(budget.monthly) : ''));
  const [tried, setTried] = useState(false);
  const { busy, run } = useBusy();
  const result = useMemo(() => rulesOf(draft), [draft]);
  const budgetMinor = budgetText.trim() === '' ? null : parseAmount(budgetText);
  const budgetError =
    budgetText.trim() !== '' && (budgetMinor === null || budgetMinor === 0)
      ? t(amountErrorKey(budgetText))
      : undefined;
  const shownErrors = tried ? result.errors : {};
  const save = () =>
    run(async () => {
      setTried(true);
      if (!result.rules || budgetError) return;
      await onSave(result.rules, budgetMinor);
    });
  return (
    <Sheet
      visible
      title={title}
      onClose={onClose}
      wideWidth={640}
      data-testid="spend-sheet"
      footer={
        <ConfirmButtons
          cancel={t('sheet.cancel')}
          confirm={t('sheet.save')}
          onCancel={onClose}
          onConfirm={() => void save()}
          busy={busy}
          testId="spend-sheet"
        />
      }
    >
      {header}
      <TemplatePicker rules={result.rules} onPick={(template) => setDraft(draftOf(template.rules))} />
      {budget ? (
        <TextField
          label={t('sheet.groupBudget', { currency: budget.currency })}
          value={budgetText}
          onChange={(text) => setBudgetText(cleanAmountInput(text))}
          inputMode="decimal"
          placeholder={t('form.noLimit')}
          hint={t('sheet.groupBudgetHint', { currency: budget.currency })}
          error={budgetError}
          data-testid="spend-group-budget"
        />
      ) : null}
      {budget ? <p className="cp-spend-form__note">{t('sheet.groupRulesNote')}</p> : null}
      <RulesForm draft={draft} onChange={setDraft} errors={shownErrors} currency={currency} />
      {preview ? (
        <PreviewPanel
          target={preview}
          rules={result.rules}
          monthlyBudget={budgetError ? null : budgetMinor}
        />
      ) : (
        <p className="cp-spend-form__note">{t('preview.perCard')}</p>
      )}
    </Sheet>
  );
}
