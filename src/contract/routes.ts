/**
 * The route table of spec §2, shared by the server (which computes the allowed route ids, `Auths`
 * and `AuthsMenu`, from a sub-account's role) and the PWA (router, guards, menus:
 * src/web/lib/route-meta.ts adds titles and lookups). Every signed-in route of the product, built
 * or not yet built, with its permission id, icon, menu placement and the route sets it belongs to.
 *
 * Ids given by the spec: 2001 home, 2003 finance, 2003001 FinanceRecharge, 2003002 financeAudit,
 * 2004 cardGrande, 2005 card, 2006 subAccount, 2007 personal (the spec's "personal (2006/2007)":
 * 2006 is taken by subAccount in the same list). The other ids follow the same scheme
 * (docs/decisions.md "App shell").
 */

/** Icons of the menu (components/layout/MenuIcon.tsx draws them). */
export type MenuIconName =
  | 'home'
  | 'finance'
  | 'recharge'
  | 'audit'
  | 'record'
  | 'scenario'
  | 'card'
  | 'cardOpen'
  | 'cardList'
  | 'cardGroup'
  | 'cardRecord'
  | 'subAccount'
  | 'team'
  | 'personal'
  | 'account'
  | 'shield'
  | 'log'
  | 'rebate';

/**
 * Where a route is listed: `tab` in the side menu, the drawer and the phone's bottom tab bar;
 * `side` in the side menu and the drawer; `none` nowhere (reached by links and redirects).
 */
export type MenuPlacement = 'tab' | 'side' | 'none';

/** The route sets of spec §2 (the pre-login default set is the home id alone). */
export type RouteSetName = 'main' | 'sub';

export interface RowInput {
  path: `/${string}`;
  permission: number;
  icon: MenuIconName;
  menu: MenuPlacement;
  sets: readonly RouteSetName[];
  /** The menu section (or page) this route sits under. */
  parent?: string;
  /** Only while the account's sub-account feature is on (statusList.subSwitch 1 or unset). */
  subAccountFeature?: true;
  /** Pre-opened in the side menu for first-time users (spec §2, storage key `guide`). */
  guideOpen?: true;
  /** Spec §2: the item stays highlighted on any path containing this text. */
  highlightWhenPathContains?: string;
}

const BOTH = ['main', 'sub'] as const;
const MAIN = ['main'] as const;
const SUB = ['sub'] as const;

/** In menu order: the side menu lists rows in the order they appear here. */
export const ROUTE_ROWS = {
  home: { path: '/home', permission: 2001, icon: 'home', menu: 'tab', sets: MAIN },
  subHome: { path: '/subHome', permission: 2002, icon: 'home', menu: 'tab', sets: SUB },

  finance: { path: '/finance', permission: 2003, icon: 'finance', menu: 'tab', sets: BOTH, guideOpen: true },
  FinanceRecharge: {
    path: '/FinanceRecharge',
    permission: 2003001,
    icon: 'recharge',
    menu: 'side',
    sets: MAIN,
    parent: 'finance',
    highlightWhenPathContains: 'FinanceRecharge',
  },
  // The four recharge pages share the recharge permission: they are one feature with four channels.
  FinanceRechargeIndex: {
    path: '/FinanceRechargeIndex',
    permission: 2003001,
    icon: 'recharge',
    menu: 'none',
    sets: MAIN,
    parent: 'FinanceRecharge',
  },
  FinanceRechargeOnline: {
    path: '/FinanceRechargeOnline',
    permission: 2003001,
    icon: 'recharge',
    menu: 'none',
    sets: MAIN,
    parent: 'FinanceRecharge',
  },
  FinanceRechargeBank: {
    path: '/FinanceRechargeBank',
    permission: 2003001,
    icon: 'recharge',
    menu: 'none',
    sets: MAIN,
    parent: 'FinanceRecharge',
  },
  FinanceRechargeUnionPay: {
    path: '/FinanceRechargeUnionPay',
    permission: 2003001,
    icon: 'recharge',
    menu: 'none',
    sets: MAIN,
    parent: 'FinanceRecharge',
  },
  financeAudit: {
    path: '/financeAudit',
    permission: 2003002,
    icon: 'audit',
    menu: 'side',
    sets: MAIN,
    parent: 'finance',
  },
  financeRecord: {
    path: '/financeRecord',
    permission: 2003003,
    icon: 'record',
    menu: 'side',
    sets: BOTH,
    parent: 'finance',
  },

  cardGrande: { path: '/cardGrande', permission: 2004, icon: 'scenario', menu: 'side', sets: MAIN },

  card: { path: '/card', permission: 2005, icon: 'card', menu: 'tab', sets: BOTH, guideOpen: true },
  // The card list first: the card tab opens it (issue 34 §1); opening is one tap away on it.
  cardList: {
    path: '/cardList',
    permission: 2005002,
    icon: 'cardList',
    menu: 'side',
    sets: BOTH,
    parent: 'card',
  },
  cardOpen: {
    path: '/cardOpen',
    permission: 2005001,
    icon: 'cardOpen',
    menu: 'side',
    sets: BOTH,
    parent: 'card',
  },
  cardGroup: {
    path: '/cardGroup',
    permission: 2005003,
    icon: 'cardGroup',
    menu: 'side',
    sets: MAIN,
    parent: 'card',
  },
  cardRecord: {
    path: '/cardRecord',
    permission: 2005004,
    icon: 'cardRecord',
    menu: 'side',
    sets: BOTH,
    parent: 'card',
  },

  subAccount: {
    path: '/subAccount',
    permission: 2006,
    icon: 'subAccount',
    menu: 'side',
    sets: MAIN,
    subAccountFeature: true,
  },
  subAccountManage: {
    path: '/subAccountManage',
    permission: 2006001,
    icon: 'team',
    menu: 'side',
    sets: MAIN,
    parent: 'subAccount',
    subAccountFeature: true,
  },
  subCardList: {
    path: '/subCardList',
    permission: 2006002,
    icon: 'cardList',
    menu: 'side',
    sets: MAIN,
    parent: 'subAccount',
    subAccountFeature: true,
  },
  subCardRecord: {
    path: '/subCardRecord',
    permission: 2006003,
    icon: 'cardRecord',
    menu: 'side',
    sets: MAIN,
    parent: 'subAccount',
    subAccountFeature: true,
  },

  personal: {
    path: '/personal',
    permission: 2007,
    icon: 'personal',
    menu: 'tab',
    sets: BOTH,
    guideOpen: true,
  },
  account: {
    path: '/account',
    permission: 2007001,
    icon: 'account',
    menu: 'side',
    sets: BOTH,
    parent: 'personal',
  },
  googleAuth: {
    path: '/googleAuth',
    permission: 2007002,
    icon: 'shield',
    menu: 'side',
    sets: MAIN,
    parent: 'personal',
  },
  operate: {
    path: '/operate',
    permission: 2007003,
    icon: 'log',
    menu: 'side',
    sets: MAIN,
    parent: 'personal',
  },
  identity: {
    path: '/identity',
    permission: 2007004,
    icon: 'shield',
    menu: 'side',
    sets: MAIN,
    parent: 'personal',
  },

  rebate: { path: '/rebate', permission: 2008, icon: 'rebate', menu: 'side', sets: MAIN },
} as const satisfies Record<string, RowInput>;

/** Route names (spec §2 uses them, e.g. "route name FinanceRechargeIndex"). */
export type RouteName = keyof typeof ROUTE_ROWS;
