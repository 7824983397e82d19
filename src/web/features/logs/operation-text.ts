/** How an operation-log row names who acted and what it concerned, on the page and in the CSV. */
import type { TFunction } from 'i18next';

export interface OperationActor {
  kind: 'main' | 'sub';
  subAccountId: string | null;
  subUid: string | null;
  nickname: string | null;
}

export interface OperationSubjects {
  subjectKind: 'card' | 'order' | null;
  subjects: readonly { id: string; label: string }[];
}

/** The owner, or the member by nickname and number (a removed member by its id). */
export function actorText(t: TFunction, actor: OperationActor): string {
  if (actor.kind === 'main') return t('actorMain');
  const name = actor.nickname ?? actor.subAccountId ?? '';
  return actor.subUid ? t('actorMember', { name, uid: actor.subUid }) : t('actorGone', { name });
}

/** The cards by serial or the order by id; a long batch shows its first few and how many more. */
export function subjectText(t: TFunction, row: OperationSubjects, shown = 3): string {
  if (!row.subjectKind || row.subjects.length === 0) return '';
  const labels = row.subjects.slice(0, shown).map((s) => s.label);
  const more = row.subjects.length - labels.length;
  const list = more > 0 ? t('subjectMore', { list: labels.join(', '), more }) : labels.join(', ');
  return t(`subjectKind.${row.subjectKind}`, { list });
}

/** The key of an action's name in logs.json `actions` (i18next reads a dot as nesting). */
export function actionKey(action: string): string {
  return `actions.${action.replaceAll('.', '_')}`;
}

/**
 * What the operation was, in the reader's language (issue 34 §6): every action the server can
 * write has a name (operation-text.test.ts checks the list against contract/operations.ts). An
 * action written by a newer server than this page falls back to its key rather than to nothing.
 */
export function actionName(t: TFunction, action: string): string {
  return t(actionKey(action), { defaultValue: action });
}
