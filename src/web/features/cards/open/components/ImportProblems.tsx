/**
 * The rows of an Excel import the server refused (422 `data.problems`): row number as the
 * spreadsheet shows it, the column and the reason, in a table on a wide screen and a list on a
 * phone. Nothing was opened; the customer fixes these rows in the file and uploads it again.
 */
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@contract/cards';
import { LocalDataList, type DataColumn } from '@web/components/ui/DataList';
import { CARD_OPEN_NS } from '../i18n';

const PAGE_SIZE = 20;

type Keyed = ImportProblem & { key: string };

export function ImportProblems({ problems }: { problems: readonly ImportProblem[] }) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const rows: Keyed[] = problems.map((problem, index) => ({ ...problem, key: String(index) }));
  const rowCount = new Set(problems.map((problem) => problem.row)).size;
  const columns: DataColumn<Keyed>[] = [
    {
      key: 'row',
      title: t('import.problemRow'),
      primary: true,
      render: (problem) => (
        <span data-testid="import-problem" data-row={problem.row}>
          {t('import.rowNumber', { row: problem.row })}
        </span>
      ),
    },
    { key: 'column', title: t('import.problemColumn'), render: (problem) => problem.column || '—' },
    {
      key: 'reason',
      title: t('import.problemReason'),
      render: (problem) => <span data-testid="import-problem-reason">{problem.reason}</span>,
    },
  ];

  return (
    <section
      className="cp-open-problems"
      aria-labelledby="import-problems-title"
      data-testid="import-problems"
    >
      <h3 id="import-problems-title" className="cp-open-problems__title" tabIndex={-1}>
        {t('import.problemsTitle', { count: rowCount })}
      </h3>
      <p className="cp-open__muted">{t('import.problemsHint')}</p>
      <LocalDataList
        columns={columns}
        rows={rows}
        rowKey={(problem) => problem.key}
        caption={t('import.problemsCaption')}
        pageSize={PAGE_SIZE}
        data-testid="import-problem-list"
      />
    </section>
  );
}
