/** The audit log for admins: newest first, filtered by action or operator, exported as CSV. */
import { Button, Empty, Input, List } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAudit, listAudit } from '@contract/operator';
import { call, callBlob } from '../api';
import { useLoad } from '../use-load';

const PAGE = 20;

export function AuditPage() {
  const { t } = useTranslation();
  const [action, setAction] = useState('');
  const [operatorEmail, setOperatorEmail] = useState('');
  const [filter, setFilter] = useState({ action: '', operatorEmail: '' });
  const [pageNo, setPageNo] = useState(1);
  const load = useCallback(() => call(listAudit, { ...filter, pageNo, pageSize: PAGE }), [filter, pageNo]);
  const { data } = useLoad(load);
  const download = async () => {
    const blob = await callBlob(exportAudit, filter);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `operator-audit-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section>
      <h1>{t('nav.audit')}</h1>
      <div className="console-filters">
        <Input
          aria-label={t('audit.action')}
          placeholder={t('audit.action')}
          value={action}
          onChange={setAction}
          clearable
        />
        <Input
          aria-label={t('audit.operator')}
          placeholder={t('audit.operator')}
          value={operatorEmail}
          onChange={setOperatorEmail}
          clearable
        />
        <Button
          color="primary"
          onClick={() => {
            setPageNo(1);
            setFilter({ action: action.trim(), operatorEmail: operatorEmail.trim() });
          }}
        >
          {t('audit.search')}
        </Button>
        <Button onClick={() => void download()}>{t('audit.export')}</Button>
      </div>
      {data?.total === 0 && <Empty description={t('empty')} />}
      <List>
        {data?.data.map((entry) => (
          <List.Item
            key={entry.id}
            data-testid="audit-entry"
            title={`${new Date(entry.at).toLocaleString()} · ${entry.operatorEmail ?? 'cli'}`}
            description={[
              entry.targetKind ? `${entry.targetKind} ${entry.targetId ?? ''}` : '',
              entry.before ? `${t('audit.before')}: ${JSON.stringify(entry.before)}` : '',
              entry.after ? `${t('audit.after')}: ${JSON.stringify(entry.after)}` : '',
              entry.reason ? `${t('audit.reason')}: ${entry.reason}` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          >
            {entry.action}
          </List.Item>
        ))}
      </List>
      {data && data.total > PAGE && (
        <div className="console-actions">
          <Button disabled={pageNo === 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('audit.newer')}
          </Button>
          <span>
            {pageNo} / {Math.ceil(data.total / PAGE)}
          </span>
          <Button disabled={pageNo * PAGE >= data.total} onClick={() => setPageNo(pageNo + 1)}>
            {t('audit.older')}
          </Button>
        </div>
      )}
    </section>
  );
}
