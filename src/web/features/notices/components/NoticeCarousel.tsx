/**
 * The header's vertical notice carousel (spec §2, §9: a new title every 3000 ms, 50 px high). One
 * title shows at a time and slides up into place. It pauses while the pointer is over it or it has
 * keyboard focus (WCAG 2.2.2), and it is not a live region: a title changing every 3 seconds must
 * not interrupt a screen reader. Each title opens its notice.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '@contract/notices';
import { NOTICES_NS } from '../i18n';

export const CAROUSEL_INTERVAL_MS = 3000;
export const CAROUSEL_HEIGHT_PX = 50;

export interface NoticeCarouselProps {
  notices: readonly Pick<NoticeItem, 'id' | 'title' | 'read'>[];
  onOpen: (id: string) => void;
}

export function NoticeCarousel({ notices, onOpen }: NoticeCarouselProps) {
  const { t } = useTranslation(NOTICES_NS);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = notices.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  // The list can shrink on a reload; never point past its end.
  const notice = count ? notices[index % count] : undefined;

  return (
    <div
      className="cp-carousel"
      style={{ height: CAROUSEL_HEIGHT_PX }}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="notice-carousel"
    >
      {notice ? (
        <button
          key={notice.id}
          type="button"
          className="cp-carousel__item"
          onClick={() => onOpen(notice.id)}
          data-testid="notice-carousel-item"
          data-notice-id={notice.id}
        >
          {notice.read ? null : (
            <span className="cp-carousel__dot">
              <span className="cp-visually-hidden">{t('carousel.unread')}: </span>
            </span>
          )}
          <span className="cp-carousel__title">{notice.title}</span>
        </button>
      ) : (
        <span className="cp-carousel__empty">{t('carousel.empty')}</span>
      )}
    </div>
  );
}
