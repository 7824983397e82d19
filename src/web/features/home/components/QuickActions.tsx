/**
 * Shortcuts to the three things customers do most: top up, open a card, see their cards. Each is
 * a plain link to its page (so it can be opened in a new tab on a desktop); offline it says the
 * network is needed instead of opening a page that cannot load its data. Actions the user has no
 * permission for, and actions whose page is not built yet, are left out (no link to a 404).
 */
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOnline } from '../../../lib/offline';
import { allowedIds } from '../../../lib/permissions';
import { routeMeta, type RouteName } from '../../../lib/route-meta';
import { HOME_NS } from '../i18n';

interface Action {
  route: RouteName;
  labelKey: string;
  icon: ReactNode;
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ACTIONS: readonly Action[] = [
  {
    route: 'FinanceRecharge',
    labelKey: 'actions.recharge',
    icon: <path {...stroke} d="M12 5v14M5 12h14" />,
  },
  {
    route: 'cardOpen',
    labelKey: 'actions.openCard',
    icon: (
      <>
        <rect {...stroke} x="3" y="6" width="18" height="13" rx="2.5" />
        <path {...stroke} d="M3 10h18M7 15h4" />
      </>
    ),
  },
  {
    route: 'cardList',
    labelKey: 'actions.cards',
    icon: <path {...stroke} d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  },
];

export function QuickActions({ builtRoutes }: { builtRoutes: ReadonlySet<RouteName> }) {
  const { t } = useTranslation(HOME_NS);
  const allowed = allowedIds();
  const shown = ACTIONS.filter(
    (action) => builtRoutes.has(action.route) && allowed.has(routeMeta(action.route).permission),
  );
  if (shown.length === 0) return null;

  // Online, the link's own hash navigation does the work (the router uses hash history).
  const guardOffline = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!ensureOnline()) event.preventDefault();
  };

  return (
    <nav className="cp-actions" aria-label={t('actions.title')}>
      <ul className="cp-actions__list">
        {shown.map((action) => {
          const { path } = routeMeta(action.route);
          return (
            <li key={action.route}>
              <a
                className="cp-actions__item"
                href={`#${path}`}
                onClick={guardOffline}
                data-testid={`action-${action.route}`}
              >
                <span className="cp-actions__icon">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    {action.icon}
                  </svg>
                </span>
                <span className="cp-actions__label">{t(action.labelKey)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
