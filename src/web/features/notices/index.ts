/** What the shell uses of the notices feature. */
export { NoticeBanner } from './components/NoticeBanner';
export { NoticeCenter } from './components/NoticeCenter';
export { useGuide } from './useGuide';
/** The banner's load, for /home's loader (routes/home-load.ts, through the shell's module). */
export { userNoticeQuery } from './api';
/** The dialog's code (and DOMPurify) loads when it is first opened. */
export { NoticeDialogHost } from './components/NoticeDialogHost';
