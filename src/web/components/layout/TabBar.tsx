/**
 * The phone's bottom tab bar (spec: main sections as tabs): the tab entries of the menu, each
 * leading to its page (a section to its first page), and a last tab opening the drawer with the
 * whole menu. Sits above the home indicator (safe-area inset).
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from './i18n';
import { isEntryActive, targetOf, type MenuEntry } from './menu';
import { MenuIcon } from './MenuIcon';

export interface TabBarProps {
  tabs: readonly MenuEntry[];
  pathname: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

export function TabBar({ tabs, pathname, drawerOpen, onOpenDrawer }: TabBarProps) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <nav className="cp-tabbar" aria-label={t('menu.sections')} data-testid="tab-bar">
      {tabs.map((entry) => {
        const active = isEntryActive(entry, pathname);
        return (
          <Link
            key={entry.meta.name}
            to={targetOf(entry)}
            className={`cp-tabbar__item ${active ? 'cp-tabbar__item--active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${entry.meta.name}`}
          >
            <MenuIcon name={entry.meta.icon} size={22} />
            <span>{t(entry.meta.titleKey)}</span>
          </Link>
        );
      })}
      <button
        type="button"
        className="cp-tabbar__item"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        aria-label={t('menu.openLabel')}
        onClick={onOpenDrawer}
        data-testid="tab-menu"
      >
        <MenuIcon name="menu" size={22} />
        <span>{t('menu.open')}</span>
      </button>
    </nav>
  );
}
