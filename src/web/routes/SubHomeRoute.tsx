/**
 * `/subHome` (spec §2, the sub-account user's home, permission 2002): the page of
 * features/home/sub inside the shell.
 */
export { SubHomePage as SubHomeRoute } from '../features/home/sub/SubHomePage';
