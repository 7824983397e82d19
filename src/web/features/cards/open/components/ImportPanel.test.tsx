// @vitest-environment jsdom
/**
 * The Excel import tab: template download, the checks before an upload, the list of wrong rows a
 * refused file gets (422 data.problems), and a fixed file opening its cards.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInEachTest, TEST_ACCESS_TOKEN } from '@web/testing/fixtures';
import { renderPage, requestsTo, type Recorded } from '@web/testing/utils';
import { CardOpenPage } from '../CardOpenPage';
import { batchOf, CARD_PATHS, stubCardsApi, type Handler } from '../../../../testing/card-open';

vi.mock('@web/lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const PROBLEMS = [
  { row: 3, column: 'Postcode', reason: 'Incorrect zip code format' },
  { row: 5, column: 'First load', reason: 'The first load must be at least $10.00' },
  { row: 5, column: 'City', reason: 'City is required' },
];

function xlsx(name: string, size = 2048): File {
  return new File([new Uint8Array(size)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    lastModified: size,
  });
}

async function openImport(handler?: Handler, file?: (r: Recorded) => Response | null) {
  const api = stubCardsApi(handler, file);
  await renderPage('/cardOpen', CardOpenPage, CARD_PATHS);
  fireEvent.click(screen.getByRole('tab', { name: 'Excel import' }));
  await screen.findByTestId('import-panel');
  return api;
}

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
  });
}

const upload = () => fireEvent.click(screen.getByTestId('import-upload'));

/** Field names of a multipart body as the fake server received it. */
function partsOf(request: Recorded | undefined): string[] {
  return [...(request?.body ?? '').matchAll(/\bname="([^"]+)"/g)].map((m) => m[1] ?? '');
}

signedInEachTest(390);

describe('Excel import', () => {
  it('downloads the template through the download helper under the name the server gives', async () => {
    const createObjectURL = vi.fn(() => 'blob:template');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { requests } = await openImport(undefined, (request) =>
      request.path === '/api/card/importTemplate'
        ? new Response('PK-template', {
            status: 200,
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': 'attachment; filename="open-cards.xlsx"',
            },
          })
        : null,
    );

    fireEvent.click(screen.getByTestId('import-template'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('open-cards.xlsx');
    expect(link.href).toBe('blob:template');
    const [template] = requestsTo(requests, 'card/importTemplate');
    expect(template?.headers.get('authorization')).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
    click.mockRestore();
  });

  it('asks for the file and the debit account before uploading, and refuses a file that is not .xlsx', async () => {
    const { requests } = await openImport();
    upload();
    expect(screen.getByTestId('import-file-error').textContent).toBe('Please choose a file');
    expect(screen.getByTestId('import-unit-error').textContent).toBe('Please choose the debit account');

    await choose(new File(['a,b'], 'cards.csv', { type: 'text/csv' }));
    upload();
    expect(screen.getByTestId('import-file-error').textContent).toBe(
      'Please choose the .xlsx file made from the template',
    );
    expect(requestsTo(requests, 'card/importData')).toHaveLength(0);
  });

  it('lists the wrong rows of a refused file, then opens the cards of the fixed one', async () => {
    let uploads = 0;
    const { requests } = await openImport((request) => {
      if (request.path === '/api/card/batchCard') return { code: 404, msg: 'Batch not found' };
      if (request.path !== '/api/card/importData') return undefined;
      uploads += 1;
      if (uploads === 1) return { code: 422, msg: '2 rows have problems', data: { problems: PROBLEMS } };
      return { code: 200, data: batchOf(request.headers.get('idempotency-key') ?? '', 2, 2, 'done') };
    });

    const ids = screen.getByTestId('import-segment-ids');
    expect(ids.textContent).toContain('seg-ads');
    expect(ids.textContent).not.toContain('seg-old'); // In maintenance: nothing to open with it.
    await choose(xlsx('cards.xlsx'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('cards.xlsx · 2 KB');
    fireEvent.click(within(screen.getByTestId('import-unit-USD')).getByRole('radio'));
    upload();

    const problems = await screen.findByTestId('import-problems');
    expect(within(problems).getByRole('heading').textContent).toBe('2 rows need fixing');
    expect(problems.textContent).toContain('No card was opened.');
    const rows = within(problems).getAllByTestId('import-problem');
    expect(rows.map((row) => row.textContent)).toEqual(['Row 3', 'Row 5', 'Row 5']);
    expect(
      within(problems)
        .getAllByTestId('import-problem-reason')
        .map((r) => r.textContent),
    ).toEqual(PROBLEMS.map((p) => p.reason));
    expect(problems.textContent).toContain('Postcode');
    expect(screen.getByTestId('import-upload').textContent).toBe('Upload the fixed file');

    const [first] = requestsTo(requests, 'card/importData');
    expect(first?.method).toBe('POST');
    expect(partsOf(first)).toEqual(['file', 'unit']);
    expect(first?.body).toMatch(/name="file"; filename=/);
    expect(first?.body).toMatch(/name="unit"\r\n\r\nUSD/);

    await choose(xlsx('cards.xlsx', 2100)); // Saved again after the fixes.
    upload();
    const result = await screen.findByTestId('open-result');
    expect(result.textContent).toContain('2 cards opened');
    expect(screen.getAllByTestId('open-result-row')).toHaveLength(2);
    expect(screen.queryByTestId('import-problems')).toBeNull();

    const [, second] = requestsTo(requests, 'card/importData');
    const firstKey = first?.headers.get('idempotency-key');
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).not.toBe(firstKey);
    await waitFor(() => expect(requestsTo(requests, 'user/wallet').length).toBeGreaterThan(1));
  });

  it('says in place why an upload failed; a server error keeps the key, a refusal does not', async () => {
    let uploads = 0;
    const { requests } = await openImport((request) => {
      if (request.path === '/api/card/batchCard') return { code: 404, msg: 'Batch not found' };
      if (request.path !== '/api/card/importData') return undefined;
      uploads += 1;
      if (uploads === 1) return { code: 500, msg: '' };
      if (uploads === 2) return { code: 422, msg: 'Insufficient balance in the USD wallet' };
      return { code: 200, data: batchOf('b', 1, 1, 'done') };
    });
    await choose(xlsx('cards.xlsx'));
    fireEvent.click(within(screen.getByTestId('import-unit-USD')).getByRole('radio'));
    upload();
    expect((await screen.findByTestId('import-failure')).textContent).toBe(
      'Server exception, please try again later',
    );

    upload();
    await waitFor(() =>
      expect(screen.getByTestId('import-failure').textContent).toBe('Insufficient balance in the USD wallet'),
    );
    expect(screen.queryByTestId('import-problems')).toBeNull();

    upload(); // After a top-up: the same file again.
    expect(await screen.findByTestId('open-result')).toBeTruthy();
    const keys = requestsTo(requests, 'card/importData').map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]); // The server error may be retried as the same upload.
    expect(keys[2]).not.toBe(keys[1]); // The refusal would only be replayed under its key.
  });
});
