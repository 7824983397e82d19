/**
 * "More notices" (spec §2): a two-column dialog, the list beside the reading pane — 900 px wide on
 * a wide screen, a full-height bottom sheet on a phone, where the two columns take turns (the list,
 * then the notice with a way back). Bodies are sanitised with DOMPurify right before they are shown.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '@contract/notices';
import { ChevronIcon } from '../../../components/ui/icons';
import { Sheet } from '../../../components/ui/Sheet';
import { useHeaderNotices } from '../api';
import { formatNoticeTime } from '../format';
import { NOTICES_NS } from '../i18n';
import { sanitizeNoticeHtml } from '../sanitize';
import { useNoticeDialog } from '../useNoticeDialog';
import '../notices.css';

export const NOTICE_DIALOG_WIDTH = 900;

function NoticeList({
  notices,
  selectedId,
  onSelect,
}: {
  notices: readonly NoticeItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation(NOTICES_NS);
  return (
    <ul className="cp-notice-list" aria-label={t('dialog.list')}>
      {notices.map((notice) => (
        <li key={notice.id}>
          <button
            type="button"
            className="cp-notice-list__item"
            aria-current={notice.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(notice.id)}
            data-testid="notice-list-item"
            data-notice-id={notice.id}
            data-read={notice.read}
          >
            <span className="cp-notice-list__title">
              {notice.read ? null : (
                <span className="cp-notice-list__dot">
                  <span className="cp-visually-hidden">{t('dialog.unread')}: </span>
                </span>
              )}
              {notice.title}
            </span>
            <time className="cp-notice-list__time" dateTime={notice.createTime}>
              {formatNoticeTime(notice.createTime)}
            </time>
          </button>
        </li>
      ))}
    </ul>
  );
}

function NoticeReader({ notice, onBack }: { notice: NoticeItem; onBack: () => void }) {
  const { t } = useTranslation(NOTICES_NS);
  const html = useMemo(() => sanitizeNoticeHtml(notice.msg), [notice.msg]);
  return (
    <article className="cp-notice-reader" aria-labelledby="notice-reader-title" data-testid="notice-reader">
      <button type="button" className="cp-notice-reader__back" onClick={onBack} data-testid="notice-back">
        <ChevronIcon direction="left" />
        {t('dialog.back')}
      </button>
      <h3 id="notice-reader-title" className="cp-notice-reader__title">
        {notice.title}
      </h3>
      <p className="cp-notice-reader__time">
        {t('dialog.published', { time: formatNoticeTime(notice.createTime) })}
      </p>
      <div
        className="cp-notice-body"
        // Sanitised just above with DOMPurify (sanitize.ts); the server sanitised it too.
        dangerouslySetInnerHTML={{ __html: html }}
        data-testid="notice-body"
      />
    </article>
  );
}

export function NoticeDialog() {
  const { t } = useTranslation(NOTICES_NS);
  const { open, selectedId, select, close } = useNoticeDialog();
  const { data: notices, isPending, isError, refetch } = useHeaderNotices();
  const selected = notices?.find((notice) => notice.id === selectedId) ?? null;

  let listPane;
  if (notices && notices.length > 0) {
    listPane = <NoticeList notices={notices} selectedId={selectedId} onSelect={select} />;
  } else if (isPending) {
    listPane = <p className="cp-notice-dialog__status">{t('common:ui.loading')}</p>;
  } else if (isError && !notices) {
    listPane = (
      <p className="cp-notice-dialog__status">
        {t('dialog.failed')}{' '}
        <button type="button" className="cp-notice-dialog__retry" onClick={() => void refetch()}>
          {t('dialog.retry')}
        </button>
      </p>
    );
  } else {
    listPane = <p className="cp-notice-dialog__status">{t('dialog.empty')}</p>;
  }

  return (
    <Sheet
      visible={open}
      title={t('dialog.title')}
      onClose={close}
      wideWidth={NOTICE_DIALOG_WIDTH}
      fullHeight
      data-testid="notice-dialog"
    >
      <div className={`cp-notice-dialog ${selected ? 'cp-notice-dialog--reading' : ''}`}>
        <div className="cp-notice-dialog__list">{listPane}</div>
        <div className="cp-notice-dialog__reader">
          {selected ? (
            <NoticeReader notice={selected} onBack={() => select(null)} />
          ) : (
            <p className="cp-notice-dialog__pick">{t('dialog.pick')}</p>
          )}
        </div>
      </div>
    </Sheet>
  );
}
