/**
 * Shortcuts to the things customers do most: top up, open a card, see their cards, read a 3-D
 * Secure code (one tap to the codes: `/cardList?otp=1` opens them; issue 18 §1). Each is
 * a plain link to its page (so it can be opened in a new tab on a desktop); offline it says the
 * network is needed instead of opening a page that cannot load its data. Actions the user has no
 * permission for, and actions whose page is not built yet, are left out (no link to a 404).
 */
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveCodeBadge } from '../../../components/ui/LiveCodeBadge';
import { ensureOnline } from '../../../lib/offline';
import { allowedIds, hasPermission } from '../../../lib/permissions';
import { routeMeta, type RouteName } from '../../../lib/route-meta';
import { HOME_NS } from '../i18n';

interface Action {
  route: RouteName;
  labelKey: string;
  icon: ReactNode;
  /** Added to the route's path, e.g. `?otp=1`. */
  search?: string;
  /** A permission key needed beside the route's own (spec §7 permission keys). */
  permissionKey?: string;
  /** Tells two actions on one route apart (test ids, React keys). */
  id?: string;
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
  {
    route: 'cardList',
    id: 'otp',
    search: '?otp=1',
    permissionKey: 'card:otp',
    labelKey: 'actions.otp',
    icon: (
      <>
        <rect {...stroke} x="5" y="10" width="14" height="10" rx="2" />
        <path {...stroke} d="M8 10V7a4 4 0 0 1 8 0v3M12 14v2" />
      </>
    ),
  },
];

export function QuickActions({ builtRoutes }: { builtRoutes: ReadonlySet<RouteName> }) {
  const { t } = useTranslation(HOME_NS);
  const allowed = allowedIds();
  const shown = ACTIONS.filter(
    (action) =>
      builtRoutes.has(action.route) &&
      allowed.has(routeMeta(action.route).permission) &&
      (!action.permissionKey || hasPermission(action.permissionKey)),
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
          const id = action.id ?? action.route;
          return (
            <li key={id}>
              <a
                className="cp-actions__item"
                href={`#${path}${action.search ?? ''}`}
                onClick={guardOffline}
                data-testid={`action-${id}`}
              >
                <span className="cp-actions__icon cp-badge-host">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    {action.icon}
                  </svg>
                  {/* The codes usable now (issue 32 §1). */}
                  {action.id === 'otp' ? <LiveCodeBadge corner testId="action-otp-badge" /> : null}
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
