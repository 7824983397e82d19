/**
 * `/home` (spec §2, permission 2001): the overview page of features/home, inside the shell (which
 * supplies the header with the notice carousel, the menus and the logout). The page is told which
 * routes exist so its quick actions never lead to a page a later issue has not built yet.
 */
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { HomePage } from '../features/home/HomePage';
import { builtPages } from '../lib/route-meta';

/** The route's loader (router.tsx) comes with the page's code. */
export { loadHome } from './home-load';

export function HomeRoute() {
  const router = useRouter();
  const built = useMemo(() => builtPages(Object.values(router.routesById)), [router]);
  return <HomePage builtRoutes={built} />;
}
