/** What the shell uses of the notices feature. */
export { NoticeBanner } from './components/NoticeBanner';
export { NoticeCenter } from './components/NoticeCenter';
export { useGuide } from './useGuide';
/** The dialog's code (and DOMPurify) loads when it is first opened. */
export { NoticeDialogHost } from './components/NoticeDialogHost';
