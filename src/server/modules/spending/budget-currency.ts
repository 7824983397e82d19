/** The currency of every group budget (the group panel's, USD): only cards in it count. */
export const BUDGET_CURRENCY = 'USD';
