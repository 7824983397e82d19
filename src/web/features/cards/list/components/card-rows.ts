/** What the phone tiles and the desktop table of cards share. */
import type { CardView } from '@contract/cards';
import { hasPermission } from '@web/components/ui/Can';

/** Per-card actions: the items of the action sheet and the table's buttons. */
export type CardAction =
  | 'recharge'
  | 'withdraw'
  | 'freeze'
  | 'activate'
  | 'delete'
  | 'details'
  | 'editAddress'
  | 'log'
  | 'bill'
  | 'balance'
  | 'otp'
  | 'spending';

export interface CardRowsProps {
  cards: readonly CardView[];
  /** All cards of the filter (loaded or not), for assistive technology's "row 5 of 10,000". */
  total: number;
  caption: string;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle: (card: CardView) => void;
  /** Opens the card's actions. */
  onOpen: (card: CardView) => void;
  onAction: (card: CardView, action: CardAction) => void;
  /** Told the last rendered row whenever it changes, so the next page loads before it is needed. */
  onRangeEnd: (end: number) => void;
  /** The owner's team list: each card names the member holding it (`card.member`). */
  showMember?: boolean | undefined;
}

/** The member a team card names: nickname and number, or a dash when it is unknown. */
export function memberText(card: Pick<CardView, 'member'>): string {
  return card.member ? `${card.member.nickname} (${card.member.subUid})` : '—';
}

/** Phone tile height plus the gap under it; the CSS (.cp-cl-tile-row) uses the same number. */
export const TILE_ROW_HEIGHT = 116;
/** Table row height; the CSS (.cp-cl-table tbody tr) uses the same number. */
export const TABLE_ROW_HEIGHT = 56;

interface ActionRule {
  action: CardAction;
  /** The permission a sub-account needs (contract), if any. */
  permission?: string;
  /** The statuses the action makes sense in. */
  statuses: readonly CardView['status'][];
  danger?: boolean;
}

const LIVE = ['active', 'frozen'] as const;
const ALL = ['active', 'frozen', 'deleted'] as const;

/** The per-card actions in the order the action sheet lists them. */
export const CARD_ACTIONS: readonly ActionRule[] = [
  { action: 'recharge', permission: 'card:recharge', statuses: ['active'] },
  { action: 'withdraw', permission: 'card:withdraw', statuses: LIVE },
  { action: 'details', permission: 'card:detail', statuses: LIVE },
  { action: 'otp', permission: 'card:otp', statuses: LIVE },
  { action: 'balance', statuses: ALL },
  { action: 'bill', permission: 'card:record', statuses: ALL },
  { action: 'log', statuses: ALL },
  { action: 'editAddress', permission: 'card:edit', statuses: LIVE },
  // Spending controls (issue 33): anyone who sees the card sees its limits; changing them needs card:limits.
  { action: 'spending', statuses: LIVE },
  { action: 'freeze', permission: 'card:freeze', statuses: ['active'] },
  { action: 'activate', permission: 'card:freeze', statuses: ['frozen'] },
  { action: 'delete', permission: 'card:delete', statuses: LIVE, danger: true },
];

/**
 * The actions that apply to a card in its status and that the user may take (a sub-account sees
 * only those its permissions allow, spec §5/§6; the server checks them again).
 */
export function actionsFor(card: Pick<CardView, 'status'>): readonly ActionRule[] {
  return CARD_ACTIONS.filter(
    (rule) => rule.statuses.includes(card.status) && (!rule.permission || hasPermission(rule.permission)),
  );
}

/**
 * The phone card screen's row of frequent actions, in this order (freeze and activate are one
 * toggle: only the one that applies is offered); every other action is under "More".
 */
export const FREQUENT_ACTIONS: readonly CardAction[] = ['details', 'recharge', 'freeze', 'activate', 'otp'];

/** The actions a table row offers as buttons of their own; the others are under "More". */
export const ROW_ACTIONS: readonly CardAction[] = ['recharge', 'details'];
