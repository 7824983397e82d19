/**
 * The notice area of the header on /home and /subHome (spec §2): the carousel and the "more
 * notices" button with the unread count. It mounts whenever the route becomes a home page, and
 * mounting reloads the notices — that is the spec's "notices reload whenever the route becomes
 * /home or /subHome". The notice the banner shows below is left out of the carousel.
 *
 * On a phone it is the first screen's one notice slot (issue 34 §2): while a banner notice (the
 * maintenance ticker) is undismissed, the ticker takes the carousel's place in this same line;
 * "I know" gives the line back to the carousel. A wide screen keeps the banner under the header.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, WIDE_QUERY } from '../../../components/ui/useMediaQuery';
import { useHeaderNotices, useUnreadCount, useUserNotice } from '../api';
import { NOTICES_NS } from '../i18n';
import { useNoticeDialog } from '../useNoticeDialog';
import { MegaphoneIcon } from './MegaphoneIcon';
import { NoticeBanner } from './NoticeBanner';
import { NoticeCarousel } from './NoticeCarousel';
import '../notices.css';

export function NoticeCenter() {
  const { t } = useTranslation(NOTICES_NS);
  const { data: notices = [] } = useHeaderNotices({ reload: true });
  const { data: state } = useUserNotice();
  // The banner's notice is not shown twice on one screen: the carousel runs the others.
  const bannerId = state?.banner?.id;
  const carousel = useMemo(
    () => (bannerId ? notices.filter((notice) => notice.id !== bannerId) : notices),
    [notices, bannerId],
  );
  const { data: unread = 0 } = useUnreadCount({ reload: true });
  const { select } = useNoticeDialog();
  const wide = useMediaQuery(WIDE_QUERY);
  const ticker = !wide && bannerId !== undefined;

  return (
    <div className="cp-notice-center" data-testid="notice-center">
      {ticker ? (
        <NoticeBanner />
      ) : (
        <>
          <span className="cp-notice-center__icon">
            <MegaphoneIcon />
          </span>
          <NoticeCarousel notices={carousel} onOpen={select} />
        </>
      )}
      <button
        type="button"
        className="cp-notice-center__more"
        onClick={() => select(null)}
        data-testid="notices-more"
      >
        <span className="cp-notice-center__more-long">{t('more')}</span>
        <span className="cp-notice-center__more-short" aria-hidden="true">
          {t('moreShort')}
        </span>
        {unread > 0 ? (
          <span className="cp-notice-center__badge" data-testid="notices-unread">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="cp-visually-hidden">{t('unreadCount', { count: unread })}</span>
          </span>
        ) : null}
      </button>
    </div>
  );
}
