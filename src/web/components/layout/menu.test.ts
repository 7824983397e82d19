import { describe, expect, it } from 'vitest';
import { mainAccessGrant, PERMISSION_KEYS, subAccessGrant } from '../../../contract/permissions';
import { ROUTE_META, type RouteName } from '../../lib/route-meta';
import { buildMenu, initiallyOpen, isEntryActive, tabEntries, targetOf, type MenuEntry } from './menu';

/** Every page of the spec built, as it will be once the later issues are done. */
const ALL_BUILT: ReadonlySet<RouteName> = new Set(ROUTE_META.map((row) => row.name));

type AccountKind = { kind: 'signedOut' } | { kind: 'main'; subSwitch: 0 | 1 } | { kind: 'sub' };

/** The menu ids (`AuthsMenu`) the server grants: a main account, a member holding every key. */
function idsOf(account: AccountKind): Set<number> {
  if (account.kind === 'signedOut') return new Set([2001]);
  const grant =
    account.kind === 'main' ? mainAccessGrant(account.subSwitch) : subAccessGrant(PERMISSION_KEYS);
  return new Set(grant.AuthsMenu);
}

/** The menu as a readable outline: "name" or "name(child,child)". */
function outline(menu: readonly MenuEntry[]): string[] {
  return menu.map((entry) =>
    entry.children.length
      ? `${entry.meta.name}(${entry.children.map((c) => c.meta.name).join(',')})`
      : entry.meta.name,
  );
}

function entry(menu: readonly MenuEntry[], name: RouteName): MenuEntry {
  const found = menu.flatMap((e) => [e, ...e.children]).find((e) => e.meta.name === name);
  if (!found) throw new Error(`${name} is not in the menu`);
  return found;
}

describe('the three route sets as menus', () => {
  it('main account, sub-account feature on', () => {
    expect(outline(buildMenu(ALL_BUILT, idsOf({ kind: 'main', subSwitch: 1 })))).toEqual([
      'home',
      'finance(FinanceRecharge,financeAudit,financeRecord)',
      'cardGrande',
      'card(cardList,cardOpen,cardGroup,cardRecord)',
      'subAccount(subAccountManage,subCardList,subCardRecord)',
      'personal(account,googleAuth,operate,identity)',
      'rebate',
    ]);
  });

  it('main account, sub-account feature off: no sub-account section', () => {
    const menu = outline(buildMenu(ALL_BUILT, idsOf({ kind: 'main', subSwitch: 0 })));
    expect(menu.some((item) => item.startsWith('subAccount'))).toBe(false);
    expect(menu).toContain('rebate');
  });

  it('sub-account user', () => {
    expect(outline(buildMenu(ALL_BUILT, idsOf({ kind: 'sub' })))).toEqual([
      'subHome',
      'finance(financeRecord)',
      'card(cardList,cardOpen,cardRecord)',
      'personal(account)',
    ]);
  });

  it('pre-login default: home alone', () => {
    expect(outline(buildMenu(ALL_BUILT, idsOf({ kind: 'signedOut' })))).toEqual(['home']);
  });
});

describe('filtering', () => {
  const main = idsOf({ kind: 'main', subSwitch: 1 });

  it('lists only pages whose routes exist (today: the home pages)', () => {
    expect(outline(buildMenu(new Set(['home', 'subHome']), main))).toEqual(['home']);
  });

  it('drops a section without a listed child, and pages not allowed', () => {
    const built = new Set<RouteName>(['home', 'card', 'cardList', 'finance']);
    expect(outline(buildMenu(built, main))).toEqual(['home', 'card(cardList)']);
    const withoutCardList = new Set([...main].filter((id) => id !== 2005002));
    expect(outline(buildMenu(built, withoutCardList))).toEqual(['home']);
  });

  it('drops a whole section when its own id is not allowed', () => {
    const withoutCard = new Set([...main].filter((id) => id !== 2005));
    expect(outline(buildMenu(ALL_BUILT, withoutCard))).not.toContain(
      'card(cardList,cardOpen,cardGroup,cardRecord)',
    );
  });

  it('never lists the recharge channel pages themselves', () => {
    const names = buildMenu(ALL_BUILT, main).flatMap((e) => [e, ...e.children].map((c) => c.meta.name));
    expect(names).not.toContain('FinanceRechargeIndex');
    expect(names).not.toContain('FinanceRechargeOnline');
  });
});

describe('tab bar and targets', () => {
  it('tabs are the main sections; a section leads to its first listed page', () => {
    const main = buildMenu(ALL_BUILT, idsOf({ kind: 'main', subSwitch: 1 }));
    expect(tabEntries(main).map((e) => `${e.meta.name}->${targetOf(e)}`)).toEqual([
      'home->/home',
      'finance->/FinanceRecharge',
      'card->/cardList',
      'personal->/account',
    ]);
    const sub = buildMenu(ALL_BUILT, idsOf({ kind: 'sub' }));
    expect(tabEntries(sub).map((e) => `${e.meta.name}->${targetOf(e)}`)).toEqual([
      'subHome->/subHome',
      'finance->/financeRecord',
      'card->/cardList',
      'personal->/account',
    ]);
  });
});

describe('highlighting', () => {
  const menu = buildMenu(ALL_BUILT, idsOf({ kind: 'main', subSwitch: 1 }));
  const recharge = entry(menu, 'FinanceRecharge');

  it.each([
    '/FinanceRecharge',
    '/FinanceRechargeIndex',
    '/FinanceRechargeOnline',
    '/FinanceRechargeUnionPay',
  ])('the recharge item stays highlighted on %s', (path) => {
    expect(isEntryActive(recharge, path)).toBe(true);
    expect(isEntryActive(entry(menu, 'finance'), path)).toBe(true);
  });

  it('and only there', () => {
    expect(isEntryActive(recharge, '/financeRecord')).toBe(false);
    expect(isEntryActive(recharge, '/home')).toBe(false);
  });

  it('a page and its section are highlighted on the page', () => {
    expect(isEntryActive(entry(menu, 'cardList'), '/cardList')).toBe(true);
    expect(isEntryActive(entry(menu, 'card'), '/cardList')).toBe(true);
    expect(isEntryActive(entry(menu, 'cardOpen'), '/cardList')).toBe(false);
    expect(isEntryActive(entry(menu, 'home'), '/home')).toBe(true);
  });
});

describe('sections open at first', () => {
  const menu = buildMenu(ALL_BUILT, idsOf({ kind: 'main', subSwitch: 1 }));

  it('finance, card and personal for a first-time user (guide)', () => {
    expect([...initiallyOpen(menu, '/home', true)].sort()).toEqual(['card', 'finance', 'personal']);
  });

  it('only the current section otherwise', () => {
    expect([...initiallyOpen(menu, '/home', false)]).toEqual([]);
    expect([...initiallyOpen(menu, '/subCardList', false)]).toEqual(['subAccount']);
  });
});
