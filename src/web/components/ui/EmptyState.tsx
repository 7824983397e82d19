/**
 * The empty state of every list (issue 18 §3): what the list found nothing of, and the one action
 * that helps — "Clear filters" when filters found nothing, the action that creates the first item
 * on first use ("Open a card"), or none (a member without the permission gets no button).
 * DataList shows it; lists drawn otherwise (card list, card groups, logs) show it themselves.
 */
import Button from './Button';
import { useTranslation } from 'react-i18next';
import { emptySentence, setFacts, type MaybeFact } from './empty-sentence';
import { WIDGETS_NS } from './widgets-i18n';
import './data-list.css';

export interface EmptyAction {
  label: string;
  onClick: () => void;
  'data-testid'?: string;
}

export interface EmptyStateProps {
  message: string;
  action?: EmptyAction | undefined;
  /** Whether filters found nothing (not a first use): tests and styles tell the two apart. */
  filtered?: boolean | undefined;
  'data-testid'?: string;
}

export function EmptyState({ message, action, filtered = false, ...rest }: EmptyStateProps) {
  const testId = rest['data-testid'] ?? 'empty-state';
  return (
    <div
      className="cp-list__empty"
      role="status"
      data-testid={testId}
      data-filtered={filtered ? 'true' : 'false'}
    >
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
        <rect
          x="8"
          y="10"
          width="32"
          height="28"
          rx="5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M8 20h32M16 28h10" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p data-testid={`${testId}-text`}>{message}</p>
      {action ? (
        <Button
          size="small"
          fill="outline"
          color="primary"
          className="cp-list__empty-action"
          onClick={action.onClick}
          data-testid={action['data-testid'] ?? `${testId}-action`}
        >
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}

export interface ListEmptyOptions {
  /** The rows in the plural as a sentence names them: "forecasts" / "汇款预报". */
  subject: string;
  /** The applied filters; unset ones ('' / false) are left out. */
  facts: readonly MaybeFact[];
  /** What a list with no filter says: what will appear here. */
  firstUse: string;
  /** The action creating the first item; leave it out when the user may not create one. */
  create?: EmptyAction | undefined;
  /** Clears the filters (the filter panel's Clear). */
  onClear: () => void;
}

/** What DataList (`empty`, `emptyAction`, `emptyFiltered`) or EmptyState shows for a list. */
export interface ListEmpty {
  empty: string;
  emptyAction?: EmptyAction | undefined;
  emptyFiltered: boolean;
}

export function useListEmpty({ subject, facts, firstUse, create, onClear }: ListEmptyOptions): ListEmpty {
  const { t, i18n } = useTranslation(WIDGETS_NS);
  const set = setFacts(facts);
  if (set.length === 0) return { empty: firstUse, emptyAction: create, emptyFiltered: false };
  return {
    empty: emptySentence(subject, set, t, i18n.language),
    emptyAction: { label: t('empty.clear'), onClick: onClear, 'data-testid': 'empty-clear' },
    emptyFiltered: true,
  };
}
