/**
 * Where the notice dialog lives: once in the shell, whichever page is shown, so the carousel and
 * the banner open the same dialog. Its code (and DOMPurify) is loaded on the first opening.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { noticeDialogAtom } from '../atoms';

const NoticeDialog = lazy(() => import('./NoticeDialog').then((m) => ({ default: m.NoticeDialog })));

export function NoticeDialogHost() {
  const { open } = useAtomValue(noticeDialogAtom);
  // Stays mounted after the first opening, so closing can animate.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDialog />
    </Suspense>
  );
}
