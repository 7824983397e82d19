/**
 * The console's desks and the signed-in operator, apart from the router so the pages and the
 * layout can read them without importing the router that imports them.
 */
import type { OperatorMe, OperatorPermission } from '@contract/operator';

/** Navigation to a console path: the router's typed API knows only the PWA's paths (router.tsx). */
export const to = (path: string) => path as never;

/** Which review desks this deployment has: none where an outside provider decides. */
export interface DeskFeatures {
  identityDesk: boolean;
  payoutDesk: boolean;
}

export interface Desk {
  path:
    | '/desk/forecasts'
    | '/desk/identity'
    | '/desk/payouts'
    | '/desk/audit'
    | '/desk/operators'
    | '/desk/notices'
    | '/desk/customers'
    | '/desk/prices'
    | '/desk/coupons';
  permission: OperatorPermission;
  titleKey: string;
  /** The deployment feature the desk needs, if any. */
  feature?: keyof DeskFeatures;
}

export const DESKS: readonly Desk[] = [
  { path: '/desk/forecasts', permission: 'forecasts.review', titleKey: 'nav.forecasts' },
  {
    path: '/desk/identity',
    permission: 'identity.review',
    titleKey: 'nav.identity',
    feature: 'identityDesk',
  },
  { path: '/desk/payouts', permission: 'payouts.review', titleKey: 'nav.payouts', feature: 'payoutDesk' },
  { path: '/desk/notices', permission: 'notices.manage', titleKey: 'nav.notices' },
  { path: '/desk/customers', permission: 'customers.read', titleKey: 'nav.customers' },
  { path: '/desk/audit', permission: 'audit.read', titleKey: 'nav.audit' },
  { path: '/desk/operators', permission: 'operators.manage', titleKey: 'nav.operators' },
  // Segments, fees and rate plans: the desk opens with fees.manage; each action checks its own id.
  { path: '/desk/prices', permission: 'fees.manage', titleKey: 'nav.prices' },
  { path: '/desk/coupons', permission: 'coupons.manage', titleKey: 'nav.coupons' },
];

/** The signed-in operator and the deployment's desks, read once per sign-in. */
let current: { me: OperatorMe; features: DeskFeatures } | null = null;

export const currentOperator = () => current?.me ?? null;

export function rememberOperator(me: OperatorMe, features: DeskFeatures): OperatorMe {
  current = { me, features };
  return me;
}

export const forgetOperator = () => {
  current = null;
};

/** The desks the role holds and the deployment has (a provider's desk is not shown). */
export const allowedDesks = (me: OperatorMe) =>
  DESKS.filter(
    (desk) =>
      me.permissions.includes(desk.permission) &&
      (desk.feature === undefined || (current?.features[desk.feature] ?? true)),
  );
