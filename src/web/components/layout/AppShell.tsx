/**
 * The frame of every signed-in page (spec §2): on a wide screen the side menu beside header,
 * content and footer; on a phone a compact header, the content, and a bottom tab bar with a drawer
 * holding the same menu. Feature parts (the notice area, the banner, the notice dialog, the brand
 * mark) come in as props from the shell route, since shared components may not import features.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedIds } from '../../lib/permissions';
import { routeMeta, type RouteName } from '../../lib/route-meta';
import type { Balances } from '../../lib/wallet';
import { OfflineBanner } from '../ui/OfflineBanner';
import { useMediaQuery, WIDE_QUERY } from '../ui/useMediaQuery';
import { Footer } from './Footer';
import { Header } from './Header';
import { SHELL_NS } from './i18n';
import { MenuDrawer } from './MenuDrawer';
import { tabEntries } from './menu';
import { ServiceDialog } from './ServiceDialog';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import type { UserMenuLink, UserMenuProps } from './UserMenu';
import { useIdleLogout } from './useIdleLogout';
import { useShellLogout } from './useShellLogout';
import { useShellNavigation } from './useShellNavigation';
import './shell.css';

/** The pages whose header shows the notices instead of a title (spec §2). */
const HOME_PAGES: ReadonlySet<string> = new Set([routeMeta('home').path, routeMeta('subHome').path]);

/** The user dropdown's links, by route name (spec §2), each listed once its page exists. */
const USER_LINKS: readonly { key: string; route: RouteName; labelKey: string }[] = [
  { key: 'recharge', route: 'FinanceRechargeIndex', labelKey: 'header.recharge' },
  { key: 'account', route: 'account', labelKey: 'header.account' },
];

export interface AppShellProps {
  brand: ReactNode;
  noticeArea: ReactNode;
  banner: ReactNode;
  /** Live alerts (3-D Secure codes, declines) under the header on every page (issue 32 §1). */
  alerts?: ReactNode;
  /** Rendered once beside the frame (dialogs). */
  overlays?: ReactNode;
  user: UserMenuProps['user'];
  planName?: string;
  balances: Balances | null;
  /** First-time user: pre-open the main menu sections. */
  guide: boolean;
  children: ReactNode;
}

export function AppShell({
  brand,
  noticeArea,
  banner,
  alerts,
  overlays,
  user,
  planName,
  balances,
  guide,
  children,
}: AppShellProps) {
  const { t } = useTranslation(SHELL_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  const { built, menu, pathname, titleKey, pageLoaded } = useShellNavigation();
  const { logout, busy } = useShellLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [serviceOpen, setServiceOpen] = useState(false);
  useIdleLogout();

  const onHome = HOME_PAGES.has(pathname);
  const allowed = allowedIds();
  const links: UserMenuLink[] = USER_LINKS.filter(
    ({ route }) => built.has(route) && allowed.has(routeMeta(route).permission),
  ).map(({ key, route, labelKey }) => ({ key, label: t(labelKey), to: routeMeta(route).path }));

  const onLogout = () => void logout();
  const menuFor = (idPrefix: string, onNavigate?: () => void) => (
    <SideMenu
      entries={menu}
      pathname={pathname}
      guide={guide}
      onLogout={() => {
        onNavigate?.();
        onLogout();
      }}
      onNavigate={onNavigate}
      idPrefix={idPrefix}
    />
  );

  return (
    <div className={`cp-shell ${wide ? 'cp-shell--wide' : 'cp-shell--phone'}`} data-testid="shell">
      {wide ? (
        <aside className="cp-shell__side">
          <span className="cp-brand cp-shell__brand">
            {brand}
            <span className="cp-brand__name">{t('brand')}</span>
          </span>
          {menuFor('side')}
        </aside>
      ) : null}
      <div className="cp-shell__main">
        <Header
          wide={wide}
          brand={brand}
          noticeArea={onHome ? noticeArea : null}
          title={titleKey ? t(titleKey) : ''}
          onService={() => setServiceOpen(true)}
          user={{ user, planName, balances, links, onLogout, loggingOut: busy }}
        />
        {/* Full width under the header: offline, or back online (components/ui). */}
        <OfflineBanner />
        {alerts}
        <main className="cp-shell__content">
          {/* The notice banner only on home (issue 18 §5): not a toll on every page. It waits for
              the page: arriving above the loading placeholder it would push it down the screen. */}
          {/* On a phone the banner shares the header's one notice slot (issue 34 §2). */}
          {onHome && pageLoaded && wide ? <div className="cp-shell__banner">{banner}</div> : null}
          {children}
        </main>
        <Footer />
      </div>
      {wide ? null : (
        <>
          <TabBar
            tabs={tabEntries(menu)}
            pathname={pathname}
            drawerOpen={drawerOpen}
            onOpenDrawer={() => setDrawerOpen(true)}
          />
          <MenuDrawer visible={drawerOpen} onClose={() => setDrawerOpen(false)} brand={brand}>
            {menuFor('drawer', () => setDrawerOpen(false))}
          </MenuDrawer>
        </>
      )}
      <ServiceDialog visible={serviceOpen} onClose={() => setServiceOpen(false)} />
      {overlays}
    </div>
  );
}
