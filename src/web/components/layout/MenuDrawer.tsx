/** The phone's menu drawer, loaded on its first opening (MenuDrawerPanel.tsx). */
import { lazy } from 'react';
import { LoadedOnFirstOpen } from '../ui/LoadedOnFirstOpen';
import type { MenuDrawerProps } from './MenuDrawerPanel';

const MenuDrawerPanel = lazy(() => import('./MenuDrawerPanel').then((m) => ({ default: m.MenuDrawerPanel })));

export function MenuDrawer(props: MenuDrawerProps) {
  return (
    <LoadedOnFirstOpen open={props.visible}>
      <MenuDrawerPanel {...props} />
    </LoadedOnFirstOpen>
  );
}
