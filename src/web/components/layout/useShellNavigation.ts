/**
 * What the shell derives from the router: the pages that exist, the menu for this user, the
 * current path and the current page's title key.
 */
import { useMatches, useRouter, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { menuIds } from '../../lib/permissions';
import { builtPages } from '../../lib/route-meta';
import { userInfoAtom } from '../../lib/session';
import { buildMenu } from './menu';

export function useShellNavigation() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const titleKey = useMatches({
    select: (matches) => {
      const data = matches.at(-1)?.staticData;
      return data?.page?.titleKey ?? data?.titleKey;
    },
  });
  const built = useMemo(() => builtPages(Object.values(router.routesById)), [router]);
  // The stored permissions change with the user info (session.ts saveUserInfo): subscribing to it
  // re-renders the shell then, and the menu (a few dozen rows, cheap) is derived again.
  useAtomValue(userInfoAtom);
  const menu = buildMenu(built, menuIds());
  return { built, menu, pathname, titleKey };
}
