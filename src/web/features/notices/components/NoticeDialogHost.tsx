/**
 * Where the notice dialog lives: once in the shell, whichever page is shown, so the carousel and
 * the banner open the same dialog. Its code (and DOMPurify) is loaded on the first opening.
 */
import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { LoadedOnFirstOpen } from '../../../components/ui/LoadedOnFirstOpen';
import { noticeDialogAtom } from '../atoms';

const NoticeDialog = lazy(() => import('./NoticeDialog').then((m) => ({ default: m.NoticeDialog })));

export function NoticeDialogHost() {
  const { open } = useAtomValue(noticeDialogAtom);
  return (
    <LoadedOnFirstOpen open={open}>
      <NoticeDialog />
    </LoadedOnFirstOpen>
  );
}
