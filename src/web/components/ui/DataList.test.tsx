// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setWidth } from '../../testing/browser';
import { DataList, type DataColumn } from './DataList';
import { PULL_THRESHOLD } from './DataList.pull';

interface Flow {
  id: string;
  type: string;
  amount: string;
  note: string;
}

const COLUMNS: DataColumn<Flow>[] = [
  { key: 'id', title: 'Transaction', render: (r) => r.id },
  { key: 'type', title: 'Type', render: (r) => r.type, primary: true },
  { key: 'amount', title: 'Amount', render: (r) => r.amount, align: 'end' },
  { key: 'note', title: 'Note', render: (r) => r.note, hideOnPhone: true },
];

const ROWS: Flow[] = [
  { id: 'T1', type: 'Top-up', amount: '$10.00', note: 'first' },
  { id: 'T2', type: 'Card spend', amount: '-$3.50', note: 'second' },
];

function list(props: Partial<Parameters<typeof DataList<Flow>>[0]> = {}) {
  return render(
    <DataList columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} caption="Financial records" {...props} />,
  );
}

function touch(target: HTMLElement, type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) {
  fireEvent[type](target, { touches: type === 'touchEnd' ? [] : [{ clientY: y }] });
}

afterEach(() => setWidth(1024));

describe('DataList layout', () => {
  it('is a table of every column at 768 px and wider', () => {
    setWidth(768);
    list({ actions: (r) => <button type="button">View {r.id}</button> });
    const table = screen.getByRole('table', { name: 'Financial records' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Transaction', 'Type', 'Amount', 'Note', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'View T2' })).toBeTruthy();
    expect(screen.queryByTestId('data-card')).toBeNull();
  });

  it('is a list of cards below 768 px, titled by the primary column', () => {
    setWidth(767);
    list();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Financial records' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(first.querySelector('.cp-cards__title')?.textContent).toBe('Top-up');
    expect(within(first).getByText('Transaction').nextElementSibling?.textContent).toBe('T1');
    // Columns marked hideOnPhone stay in the table only.
    expect(within(first).queryByText('Note')).toBeNull();
  });

  it('shows an empty state and a loading skeleton', () => {
    const { rerender } = list({ rows: [], empty: 'No cards yet' });
    expect(screen.getByTestId('data-list-empty').textContent).toBe('No cards yet');
    rerender(
      <DataList columns={COLUMNS} rows={[]} rowKey={(r) => r.id} caption="Financial records" loading />,
    );
    expect(screen.getByTestId('data-list-loading')).toBeTruthy();
  });
});

describe('DataList paging', () => {
  it('shows the total and moves between pages', () => {
    const onPageChange = vi.fn();
    list({ total: 25, pageNo: 2, pageSize: 10, onPageChange });
    expect(screen.getByTestId('data-list-total').textContent).toBe('25 records');
    expect(screen.getByTestId('pager-status').textContent).toBe('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables the ends and hides the pager when one page holds everything', () => {
    const { rerender } = list({ total: 25, pageNo: 3, pageSize: 10, onPageChange: vi.fn() });
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    rerender(
      <DataList
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        caption="Financial records"
        total={1}
        pageNo={1}
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByTestId('data-list-total').textContent).toBe('1 record');
  });
});

describe('DataList refresh', () => {
  it('refreshes with the button on every screen size', () => {
    const onRefresh = vi.fn();
    list({ onRefresh });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes on a pull past the threshold on a phone, showing progress until done', async () => {
    setWidth(390);
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    list({ onRefresh });
    const area = screen.getByTestId('data-list-pull-area');

    touch(area, 'touchStart', 100);
    touch(area, 'touchMove', 100 + PULL_THRESHOLD); // Half of it after resistance: not enough.
    expect(screen.getByTestId('data-list-pull').textContent).toBe('Pull down to refresh');
    touch(area, 'touchMove', 100 + PULL_THRESHOLD * 2 + 10);
    expect(screen.getByTestId('data-list-pull').textContent).toBe('Release to refresh');

    await act(async () => touch(area, 'touchEnd', 0));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('data-list-pull').textContent).toBe('Refreshing…');

    await act(async () => finish());
    expect(screen.queryByTestId('data-list-pull')).toBeNull();
  });

  it('does not refresh on a short pull, an upward swipe, or when the page is scrolled', async () => {
    setWidth(390);
    const onRefresh = vi.fn();
    list({ onRefresh });
    const area = screen.getByTestId('data-list-pull-area');

    touch(area, 'touchStart', 100);
    touch(area, 'touchMove', 140);
    await act(async () => touch(area, 'touchEnd', 0));

    touch(area, 'touchStart', 300);
    touch(area, 'touchMove', 100);
    await act(async () => touch(area, 'touchEnd', 0));

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 200 });
    touch(area, 'touchStart', 100);
    touch(area, 'touchMove', 400);
    await act(async () => touch(area, 'touchEnd', 0));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });

    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('has no pull gesture on a wide screen', async () => {
    setWidth(1280);
    const onRefresh = vi.fn();
    list({ onRefresh });
    const area = screen.getByTestId('data-list-pull-area');
    touch(area, 'touchStart', 100);
    touch(area, 'touchMove', 400);
    await act(async () => touch(area, 'touchEnd', 0));
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
