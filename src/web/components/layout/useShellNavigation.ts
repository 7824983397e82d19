/**
 * What the shell derives from the router: the pages that exist, the menu for this user, the
 * current path, the current page's title key and whether a page has loaded yet.
 */
import { useMatches, useRouter, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { menuIds } from '../../lib/permissions';
import { builtPages } from '../../lib/route-meta';
import { userInfoAtom } from '../../lib/session';
import { buildMenu } from './menu';

/**
 * True once a page has loaded under the shell (its code and its route loader), and from then on:
 * a navigation or a reload of rights later does not take it back.
 */
function usePageLoaded(): boolean {
  const loaded = useRouterState({ select: (state) => !state.isLoading });
  const [seen, setSeen] = useState(loaded);
  if (loaded && !seen) setSeen(true);
  return seen || loaded;
}

export function useShellNavigation() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const pageLoaded = usePageLoaded();
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
  return { built, menu, pathname, titleKey, pageLoaded };
}
