/**
 * The notices desk (permission notices.manage): every notice with its state, newest change first,
 * filtered by state; write a notice, change a draft, preview, publish (now or scheduled), retire.
 */
import { Button, Card, Empty, Selector, Tag } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleNoticeView } from '@contract/operator-content';
import { consoleNotices } from '@contract/operator-content';
import { call } from '../../api';
import { consoleLang } from '../../i18n';
import { useLoad } from '../../use-load';
import { PublishSheet, RetireSheet } from './NoticeActions';
import { NoticeEditor } from './NoticeEditor';
import { NoticePreview } from './NoticePreview';

const PAGE = 20;
const STATES = ['draft', 'scheduled', 'published', 'retired'] as const;
type Filter = 'any' | (typeof STATES)[number];
type Open =
  | { what: 'write'; notice: ConsoleNoticeView | null }
  | { what: 'preview' | 'publish' | 'retire'; notice: ConsoleNoticeView }
  | null;

const STATE_COLOR = {
  draft: 'default',
  scheduled: 'warning',
  published: 'success',
  retired: 'default',
} as const;

export function NoticesPage() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [filter, setFilter] = useState<Filter>('any');
  const [open, setOpen] = useState<Open>(null);
  const load = useCallback(() => call(consoleNotices, { pageNo, pageSize: PAGE }), [pageNo]);
  const { data, reload } = useLoad(load);
  const done = () => {
    setOpen(null);
    reload();
  };
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const shown = (data?.data ?? []).filter((notice) => filter === 'any' || notice.state === filter);
  return (
    <section>
      <h1>{t('nav.notices')}</h1>
      <div className="console-filters">
        <Button color="primary" onClick={() => setOpen({ what: 'write', notice: null })}>
          {t('notices.write')}
        </Button>
      </div>
      <div role="group" aria-label={t('notices.filter')}>
        <Selector
          value={[filter]}
          onChange={(v) => setFilter(v[0] ?? 'any')}
          options={(['any', ...STATES] as const).map((value) => ({
            value,
            label: t(`notices.states.${value}`),
          }))}
        />
      </div>
      {data && shown.length === 0 && <Empty description={t('notices.none')} />}
      {shown.map((notice) => (
        <Card key={notice.id} className="console-card" title={notice.title} data-testid="console-notice">
          <div className="console-tags">
            <Tag color={STATE_COLOR[notice.state]} fill={notice.state === 'retired' ? 'outline' : 'solid'}>
              {t(`notices.states.${notice.state}`)}
            </Tag>
            <Tag color="primary" fill="outline">
              {t(`notices.kinds.${notice.kind}`)}
            </Tag>
            <Tag fill="outline">{t(`notices.langs.${notice.lang}`)}</Tag>
          </div>
          <dl className="console-facts">
            <dt>{t('notices.audience')}</dt>
            <dd>
              {notice.audience === 'all'
                ? t('notices.audiences.all')
                : `${t('notices.audiences.chosen')}: ${notice.targets.join(', ')}`}
            </dd>
            {notice.publishAt && (
              <>
                <dt>{t('notices.publishAt')}</dt>
                <dd>{when(notice.publishAt)}</dd>
              </>
            )}
            {notice.retiredAt && (
              <>
                <dt>{t('notices.retiredAt')}</dt>
                <dd>{when(notice.retiredAt)}</dd>
              </>
            )}
            <dt>{t('notices.updatedAt')}</dt>
            <dd>{when(notice.updatedAt)}</dd>
          </dl>
          <div className="console-actions">
            <Button size="small" onClick={() => setOpen({ what: 'preview', notice })}>
              {t('notices.preview')}
            </Button>
            {notice.state === 'draft' && (
              <>
                <Button size="small" onClick={() => setOpen({ what: 'write', notice })}>
                  {t('notices.edit')}
                </Button>
                <Button size="small" color="primary" onClick={() => setOpen({ what: 'publish', notice })}>
                  {t('notices.publish')}
                </Button>
              </>
            )}
            {(notice.state === 'scheduled' || notice.state === 'published') && (
              <Button
                size="small"
                color="danger"
                fill="outline"
                onClick={() => setOpen({ what: 'retire', notice })}
              >
                {t('notices.retire')}
              </Button>
            )}
          </div>
        </Card>
      ))}
      {data && data.total > PAGE && (
        <div className="console-actions">
          <Button disabled={pageNo === 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('audit.newer')}
          </Button>
          <Button disabled={pageNo * PAGE >= data.total} onClick={() => setPageNo(pageNo + 1)}>
            {t('audit.older')}
          </Button>
        </div>
      )}
      {open?.what === 'write' && (
        <NoticeEditor
          notice={open.notice}
          defaultLang={consoleLang() === 'en' ? 'en' : 'zh-CN'}
          onClose={() => setOpen(null)}
          onSaved={done}
        />
      )}
      {open?.what === 'preview' && <NoticePreview notice={open.notice} onClose={() => setOpen(null)} />}
      {open?.what === 'publish' && (
        <PublishSheet notice={open.notice} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.what === 'retire' && (
        <RetireSheet notice={open.notice} onClose={() => setOpen(null)} onDone={done} />
      )}
    </section>
  );
}
