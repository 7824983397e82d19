/**
 * The scrolling banner (spec §1): the newest banner notice this user has not dismissed, its text
 * running across the top of the page (starting readable, then looping), with an "I know" button (moveNotice) that dismisses it for
 * good and brings the next one. Tapping the text opens the full notice. With reduced motion the
 * text stands still and is cut with an ellipsis.
 */
import Button from '../../../components/ui/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveNotice, useUserNotice } from '../api';
import { NOTICES_NS } from '../i18n';
import { plainText } from '../plain-text';
import { useNoticeDialog } from '../useNoticeDialog';
import { MegaphoneIcon } from './MegaphoneIcon';
import '../notices.css';

/** Seconds per character of the running text: long notices run longer, at the same speed. */
const SECONDS_PER_CHAR = 0.22;
const MIN_SECONDS = 12;

export function NoticeBanner() {
  const { t } = useTranslation(NOTICES_NS);
  const { data } = useUserNotice();
  const { mutate: dismiss, isPending } = useMoveNotice();
  const { select } = useNoticeDialog();
  const banner = data?.banner ?? null;
  const text = useMemo(() => (banner ? `${banner.title} — ${plainText(banner.msg)}` : ''), [banner]);

  if (!banner) return null;
  const seconds = Math.max(MIN_SECONDS, Math.round(text.length * SECONDS_PER_CHAR));

  return (
    <section className="cp-banner" aria-label={t('banner.label')} data-testid="notice-banner">
      <span className="cp-banner__icon">
        <MegaphoneIcon />
      </span>
      <button
        type="button"
        className="cp-banner__text"
        onClick={() => select(banner.id)}
        title={t('banner.read')}
        data-testid="notice-banner-open"
      >
        {/* Two copies side by side scroll by one copy's width, so the loop has no jump. */}
        <span className="cp-banner__run" style={{ animationDuration: `${seconds}s` }}>
          <span className="cp-banner__copy">{text}</span>
          <span className="cp-banner__copy" aria-hidden="true">
            {text}
          </span>
        </span>
      </button>
      <Button
        size="mini"
        color="warning"
        fill="solid"
        className="cp-banner__ok"
        loading={isPending}
        onClick={() => dismiss(banner.id)}
        data-testid="notice-banner-ok"
      >
        {t('banner.iKnow')}
      </Button>
    </section>
  );
}
