/**
 * What an audited call concerned, for the operation log: the cards it acted on or the top-up order.
 * A handler that creates the thing (a new card, a new order) names it on `call.auditSubject`;
 * otherwise the request's `cardId`, `cardIds` or `orderId` names it, or the answer's `card`, `cards`
 * or `orderId` (a call that created one).
 */
export type SubjectKind = 'card' | 'order';

export interface AuditSubject {
  kind: SubjectKind;
  ids: string[];
}

/** The most ids one row keeps (a batch action names up to its batch maximum). */
export const SUBJECT_IDS_MAX = 500;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : [];
}

/** The subject named by fields of a request or an answer, if any. */
export function subjectFrom(value: unknown): AuditSubject | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const card = text(fields.cardId);
  if (card) return { kind: 'card', ids: [card] };
  const cards = texts(fields.cardIds);
  if (cards.length > 0) return { kind: 'card', ids: [...new Set(cards)].slice(0, SUBJECT_IDS_MAX) };
  const order = text(fields.orderId);
  if (order) return { kind: 'order', ids: [order] };
  return null;
}

/** The subject an answer names: the card or cards it returns, or the order it created. */
export function subjectOfAnswer(value: unknown): AuditSubject | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const card = fields.card as { id?: unknown } | null | undefined;
  if (card && typeof card === 'object' && text(card.id)) return { kind: 'card', ids: [text(card.id)!] };
  if (Array.isArray(fields.cards)) {
    const ids = texts(
      fields.cards.map((c: unknown) => (c && typeof c === 'object' ? (c as { id?: unknown }).id : null)),
    );
    if (ids.length > 0) return { kind: 'card', ids: ids.slice(0, SUBJECT_IDS_MAX) };
  }
  const order = text(fields.orderId);
  return order ? { kind: 'order', ids: [order] } : null;
}
