/**
 * A notice as customers will see it: the server's sanitised title and body, sanitised once more by
 * the very function the customers' notice dialog uses (features/notices/sanitize.ts), so the console
 * never shows a body differently from the PWA.
 */
import { useTranslation } from 'react-i18next';
import type { ConsoleNoticeView } from '@contract/operator-content';
import { sanitizeNoticeHtml } from '@web/features/notices/sanitize';
import { ConsoleSheet } from '../../ConsoleSheet';

export function NoticePreview({
  notice,
  onClose,
}: {
  notice: Pick<ConsoleNoticeView, 'title' | 'msg' | 'kind'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConsoleSheet visible title={t('notices.previewTitle')} onClose={onClose}>
      <PreviewBody notice={notice} />
    </ConsoleSheet>
  );
}

/** The preview itself, also shown inside the editor in place of its fields. */
export function PreviewBody({ notice }: { notice: Pick<ConsoleNoticeView, 'title' | 'msg' | 'kind'> }) {
  const { t } = useTranslation();
  return (
    <section data-testid="notice-preview" aria-label={t('notices.previewTitle')}>
      <p className="console-hint">{t(`notices.kindHints.${notice.kind}`)}</p>
      <article className="console-preview">
        <h3>{notice.title}</h3>
        {/* Sanitised twice: by the server (preview or stored) and here. */}
        <div
          data-testid="notice-preview-body"
          dangerouslySetInnerHTML={{ __html: sanitizeNoticeHtml(notice.msg) }}
        />
      </article>
    </section>
  );
}
