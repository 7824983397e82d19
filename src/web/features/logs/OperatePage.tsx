/**
 * /operate (2007003): the sign-in log (LoginLogList.tsx: the device as the server parsed it, a
 * "new device" mark, time, IP, method, result; cards on a phone) and the operation log (what, when, who — the owner or which
 * team member —, the card or order concerned, result, from where), each filtered by result (the
 * operations also by who acted and by a card or order), paged, and exported as CSV (the page shown).
 */
import Button from '../../components/ui/Button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginLog, operateLog } from '../../../contract/logs';
import { subUserEnum } from '../../../contract/sub-accounts';
import { EmptyState, useListEmpty } from '../../components/ui/EmptyState';
import { PageIntro } from '../../components/ui/PageIntro';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { call } from '../../lib/http';
import { productDateTime } from '../../lib/product-time';
import { LOGS_NS } from './i18n';
import { csvLine, loginCsvLines } from './csv';
import { LoginLogList } from './LoginLogList';
import { actionName, actorText, subjectText } from './operation-text';
import '../../components/ui/personal.css';

const PAGE_SIZE = 20;
type Kind = 'login' | 'operate';
/** `continued` (a sign-in's first step that went on to the Google code) is a sign-in's only. */
type Result = 'all' | 'success' | 'failure' | 'continued';

function saveCsv(name: string, lines: string[]) {
  const url = URL.createObjectURL(
    new Blob([`\uFEFF${lines.join('\r\n')}`], { type: 'text/csv;charset=utf-8' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function OperatePage() {
  const { t } = useTranslation(LOGS_NS);
  const [kind, setKind] = useState<Kind>('login');
  const [result, setResult] = useState<Result>('all');
  const [pageNo, setPageNo] = useState(1);
  /** '' = everyone, 'main' = the owner, else a member's sub-account id. */
  const [actor, setActor] = useState('');
  const [subjectDraft, setSubjectDraft] = useState('');
  const [subject, setSubject] = useState('');
  const filter = { pageNo, pageSize: PAGE_SIZE, result: result === 'all' ? undefined : result };
  const operateFilter = {
    ...filter,
    result: result === 'all' || result === 'continued' ? undefined : result,
    actor: actor || undefined,
    subject: subject || undefined,
  };
  const logins = useQuery({
    queryKey: ['logs', 'login', filter],
    queryFn: ({ signal }) => call(loginLog, filter, { signal }),
    enabled: kind === 'login',
    placeholderData: keepPreviousData,
  });
  const operations = useQuery({
    queryKey: ['logs', 'operate', operateFilter],
    queryFn: ({ signal }) => call(operateLog, operateFilter, { signal }),
    enabled: kind === 'operate',
    placeholderData: keepPreviousData,
  });
  const members = useQuery({
    queryKey: ['subAccounts', 'userEnum'],
    queryFn: ({ signal }) => call(subUserEnum, {}, { signal }),
    enabled: kind === 'operate',
    staleTime: 60_000,
  });
  const search = () => {
    setSubject(subjectDraft.trim());
    setPageNo(1);
  };
  const total = (kind === 'login' ? logins.data?.total : operations.data?.total) ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const loginRows = logins.data?.data ?? [];
  const opRows = operations.data?.data ?? [];
  const resultText = (r: string) => t(`result.${r}`);
  const actorMember = members.data?.find((m) => m.id === actor);
  const emptyState = useListEmpty({
    subject: t(`emptySubject.${kind}`),
    facts: [
      result !== 'all' && { kind: 'is', label: t('resultLabel'), value: resultText(result) },
      kind === 'operate' &&
        actor !== '' && {
          kind: 'is',
          label: t('actorFilter'),
          value:
            actor === 'main'
              ? t('actorMain')
              : actorMember
                ? t('actorMember', {
                    name: actorMember.nickname || actorMember.email,
                    uid: actorMember.subUid,
                  })
                : actor,
        },
      kind === 'operate' && { kind: 'contains', label: t('subjectFilter'), value: subject },
    ],
    firstUse: t(`emptyFirst.${kind}`),
    onClear: () => {
      setResult('all');
      setActor('');
      setSubject('');
      setSubjectDraft('');
      setPageNo(1);
    },
  });

  const exportPage = () =>
    kind === 'login'
      ? saveCsv('login-log.csv', loginCsvLines(t, loginRows))
      : saveCsv('operation-log.csv', [
          csvLine([t('time'), t('who'), t('action'), t('subject'), t('resultLabel'), t('ip'), t('device')]),
          ...opRows.map((r) =>
            csvLine([
              productDateTime(r.createdAt),
              actorText(t, r.actor),
              actionName(t, r.action),
              // Every card of a batch in the file, not the page's first few.
              subjectText(t, r, r.subjects.length),
              resultText(r.result),
              r.ip,
              r.device,
            ]),
          ),
        ]);

  return (
    <div className="cp-page cp-personal" data-testid="operate-page">
      <PageIntro title={t('title')} lead={t('lead')} />
      <div className="cp-personal__row">
        <SelectField<Kind>
          label={t('kind')}
          value={kind}
          options={[
            { value: 'login', label: t('login') },
            { value: 'operate', label: t('operate') },
          ]}
          onChange={(v) => {
            setKind(v);
            if (v === 'operate' && result === 'continued') setResult('all');
            setPageNo(1);
          }}
          data-testid="logs-kind"
        />
        <SelectField<Result>
          label={t('resultLabel')}
          value={result}
          options={[
            { value: 'all', label: t('result.all') },
            { value: 'success', label: t('result.success') },
            { value: 'failure', label: t('result.failure') },
            ...(kind === 'login' ? [{ value: 'continued' as const, label: t('result.continued') }] : []),
          ]}
          onChange={(v) => {
            setResult(v);
            setPageNo(1);
          }}
          data-testid="logs-result"
        />
        {/* The page as a file: none while it holds no row. */}
        {total > 0 ? (
          <Button size="small" onClick={exportPage} data-testid="logs-export">
            {t('export')}
          </Button>
        ) : null}
      </div>
      {kind === 'operate' ? (
        <form
          className="cp-personal__row"
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
          data-testid="operate-filters"
        >
          <SelectField<string>
            label={t('actorFilter')}
            value={actor}
            options={[
              { value: '', label: t('actorAll') },
              { value: 'main', label: t('actorMain') },
              ...(members.data ?? []).map((m) => ({
                value: m.id,
                label: t('actorMember', { name: m.nickname || m.email, uid: m.subUid }),
              })),
            ]}
            onChange={(v) => {
              setActor(v);
              setPageNo(1);
            }}
            data-testid="logs-actor"
          />
          <TextField
            label={t('subjectFilter')}
            hint={t('subjectHint')}
            value={subjectDraft}
            onChange={setSubjectDraft}
            onBlur={search}
            maxLength={64}
            enterKeyHint="search"
            data-testid="logs-subject"
          />
          <Button size="small" type="submit" data-testid="logs-search">
            {t('search')}
          </Button>
        </form>
      ) : null}
      <div
        className={kind === 'login' ? 'cp-personal__logs' : 'cp-personal__card'}
        style={{ overflowX: 'auto' }}
      >
        {kind === 'login' ? (
          <LoginLogList entries={loginRows} />
        ) : (
          <table className="cp-personal__table" data-testid="operate-log">
            <thead>
              <tr>
                <th>{t('time')}</th>
                <th>{t('who')}</th>
                <th>{t('action')}</th>
                <th>{t('subject')}</th>
                <th>{t('resultLabel')}</th>
                <th>{t('ip')}</th>
              </tr>
            </thead>
            <tbody>
              {opRows.map((r) => (
                <tr key={r.id} data-testid="operate-row" data-result={r.result}>
                  <td>{productDateTime(r.createdAt)}</td>
                  <td data-testid="operate-who">{actorText(t, r.actor)}</td>
                  <td data-testid="operate-action">{actionName(t, r.action)}</td>
                  <td data-testid="operate-subject">{subjectText(t, r)}</td>
                  <td>{resultText(r.result)}</td>
                  <td>{r.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {total === 0 && !(kind === 'login' ? logins : operations).isPending ? (
          <EmptyState
            message={emptyState.empty}
            action={emptyState.emptyAction}
            filtered={emptyState.emptyFiltered}
            data-testid="logs-empty"
          />
        ) : null}
      </div>
      <div className="cp-personal__row">
        <Button
          size="small"
          disabled={pageNo <= 1}
          onClick={() => setPageNo(pageNo - 1)}
          data-testid="logs-prev"
        >
          {t('prev')}
        </Button>
        <span data-testid="logs-page">{t('page', { pageNo, pages, total })}</span>
        <Button
          size="small"
          disabled={pageNo >= pages}
          onClick={() => setPageNo(pageNo + 1)}
          data-testid="logs-next"
        >
          {t('next')}
        </Button>
      </div>
    </div>
  );
}
