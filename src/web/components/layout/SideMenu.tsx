/**
 * The side menu (spec §2), also the content of the phone's drawer: pages and collapsible sections
 * derived by menu.ts, each item with its icon and intro tag, and a logout item at the end. The intro
 * tag is the item's tooltip; for a first-time user (`guide`) it is also written under the titles of
 * the top-level items, on one line (cut with an ellipsis where it does not fit). Under every item
 * the English menu ran far past the screen (issue 18 §5); the pages inside a section keep it as
 * their tooltip.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../lib/route-meta';
import { SHELL_NS } from './i18n';
import { initiallyOpen, isEntryActive, targetOf, type MenuEntry } from './menu';
import { MenuIcon } from './MenuIcon';

export interface SideMenuProps {
  entries: readonly MenuEntry[];
  pathname: string;
  guide: boolean;
  onLogout: () => void;
  /** After a page was chosen (the drawer closes). */
  onNavigate?: () => void;
  idPrefix: string;
}

function PageItem({
  entry,
  pathname,
  showIntro,
  onNavigate,
}: Pick<SideMenuProps, 'pathname' | 'onNavigate'> & { entry: MenuEntry; showIntro: boolean }) {
  const { t } = useTranslation(SHELL_NS);
  const active = isEntryActive(entry, pathname);
  const intro = t(entry.meta.introKey);
  return (
    <li>
      <Link
        to={targetOf(entry)}
        className={`cp-menu__item ${active ? 'cp-menu__item--active' : ''}`}
        aria-current={active ? 'page' : undefined}
        title={intro}
        data-intro={intro}
        data-testid={`menu-${entry.meta.name}`}
        onClick={onNavigate}
      >
        <MenuIcon name={entry.meta.icon} />
        <span className="cp-menu__text">
          <span className="cp-menu__title">{t(entry.meta.titleKey)}</span>
          {showIntro ? <span className="cp-menu__intro">{intro}</span> : null}
        </span>
      </Link>
    </li>
  );
}

export function SideMenu({ entries, pathname, guide, onLogout, onNavigate, idPrefix }: SideMenuProps) {
  const { t } = useTranslation(SHELL_NS);
  const [open, setOpen] = useState<Set<RouteName>>(() => initiallyOpen(entries, pathname, guide));
  // The guide flag can arrive after the first render (userNotice answers later): open the
  // sections then, once, without closing what the user opened.
  const [guideApplied, setGuideApplied] = useState(guide);
  if (guide && !guideApplied) {
    setGuideApplied(true);
    setOpen((current) => new Set([...current, ...initiallyOpen(entries, pathname, true)]));
  }

  const toggle = (name: RouteName) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  return (
    <nav className="cp-menu" aria-label={t('menu.label')} data-testid={`${idPrefix}-menu`}>
      <ul className="cp-menu__list">
        {entries.map((entry) => {
          if (entry.children.length === 0) {
            return (
              <PageItem
                key={entry.meta.name}
                entry={entry}
                pathname={pathname}
                showIntro={guide}
                onNavigate={onNavigate}
              />
            );
          }
          const expanded = open.has(entry.meta.name);
          const groupId = `${idPrefix}-section-${entry.meta.name}`;
          const intro = t(entry.meta.introKey);
          return (
            <li key={entry.meta.name}>
              <button
                type="button"
                className={`cp-menu__item cp-menu__section ${isEntryActive(entry, pathname) ? 'cp-menu__section--active' : ''}`}
                aria-expanded={expanded}
                aria-controls={groupId}
                title={intro}
                data-intro={intro}
                data-testid={`menu-${entry.meta.name}`}
                onClick={() => toggle(entry.meta.name)}
              >
                <MenuIcon name={entry.meta.icon} />
                <span className="cp-menu__text">
                  <span className="cp-menu__title">{t(entry.meta.titleKey)}</span>
                  {guide ? <span className="cp-menu__intro">{intro}</span> : null}
                </span>
                <span className={`cp-menu__chevron ${expanded ? 'cp-menu__chevron--open' : ''}`}>
                  <MenuIcon name="chevron" size={16} />
                </span>
              </button>
              <ul id={groupId} className="cp-menu__group" hidden={!expanded}>
                {entry.children.map((child) => (
                  <PageItem
                    key={child.meta.name}
                    entry={child}
                    pathname={pathname}
                    showIntro={false}
                    onNavigate={onNavigate}
                  />
                ))}
              </ul>
            </li>
          );
        })}
        <li className="cp-menu__end">
          <button
            type="button"
            className="cp-menu__item cp-menu__logout"
            onClick={onLogout}
            data-testid="menu-logout"
          >
            <MenuIcon name="logout" />
            <span className="cp-menu__text">
              <span className="cp-menu__title">{t('menu.logout')}</span>
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
