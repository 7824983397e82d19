/**
 * The notice dialog's state, shared by everything that opens it (the header carousel, the "more
 * notices" button, the banner). Closing the dialog clears the selected notice (spec §2).
 */
import { atom } from 'jotai';
import { appStore, onSessionEnd } from '../../lib/session';

export interface NoticeDialogState {
  open: boolean;
  /** The notice shown in the reading pane; null shows the list alone (phone) or a hint (wide). */
  selectedId: string | null;
}

export const CLOSED: NoticeDialogState = { open: false, selectedId: null };

export const noticeDialogAtom = atom<NoticeDialogState>(CLOSED);

onSessionEnd(() => appStore.set(noticeDialogAtom, CLOSED));
