/** The ledger API every money feature uses (issue 4 §1). */
export type { Actor, HouseRef, Leg, LedgerRef, Movement, PostedMovement, WalletRef } from './movement';
export { postMovement } from './post-movement';
export { reverseMovement } from './reverse-movement';
export { auditLedger, isHealthy } from './audit-ledger';
export { moveMoney } from './move-money';
