// @vitest-environment jsdom
/**
 * The Excel import tab: template download, the checks before an upload, the list of wrong rows a
 * refused file gets (422 data.problems), the exact cost shown before anything is charged and sent
 * back as `expectTotal` (issue 29 item 16), and a fixed file opening its cards.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInEachTest, TEST_ACCESS_TOKEN } from '@web/testing/fixtures';
import { renderPage, requestsTo, type Recorded } from '@web/testing/utils';
import { CardOpenPage } from '../CardOpenPage';
import { batchOf, CARD_PATHS, importCostOf, stubCardsApi, type Handler } from '../../../../testing/card-open';

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

const check = () => fireEvent.click(screen.getByTestId('import-check'));
/** Checks the file, waits for its cost, and opens the cards for it. */
async function upload() {
  check();
  fireEvent.click(await screen.findByTestId('import-upload'));
}

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
    check();
    expect(screen.getByTestId('import-file-error').textContent).toBe('Please choose a file');
    expect(screen.getByTestId('import-unit-error').textContent).toBe('Please choose the debit account');

    await choose(new File(['a,b'], 'cards.csv', { type: 'text/csv' }));
    check();
    expect(screen.getByTestId('import-file-error').textContent).toBe(
      'Please choose the .xlsx file made from the template',
    );
    expect(requestsTo(requests, 'card/importDataCost')).toHaveLength(0);
    expect(requestsTo(requests, 'card/importData')).toHaveLength(0);
  });

  it('lists the wrong rows of a refused file, then opens the cards of the fixed one', async () => {
    let checks = 0;
    const { requests } = await openImport((request) => {
      if (request.path === '/api/card/batchCard') return { code: 404, msg: 'Batch not found' };
      if (request.path === '/api/card/importDataCost') {
        checks += 1;
        if (checks === 1) return { code: 422, msg: '2 rows have problems', data: { problems: PROBLEMS } };
        return undefined;
      }
      if (request.path !== '/api/card/importData') return undefined;
      return { code: 200, data: batchOf(request.headers.get('idempotency-key') ?? '', 2, 2, 'done') };
    });

    const ids = screen.getByTestId('import-segment-ids');
    expect(ids.textContent).toContain('seg-ads');
    expect(ids.textContent).not.toContain('seg-old'); // In maintenance: nothing to open with it.
    await choose(xlsx('cards.xlsx'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('cards.xlsx · 2 KB');
    fireEvent.click(within(screen.getByTestId('import-unit-USD')).getByRole('radio'));
    check();

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
    expect(screen.getByTestId('import-check').textContent).toBe('Check the fixed file');
    expect(requestsTo(requests, 'card/importData')).toHaveLength(0);

    const [first] = requestsTo(requests, 'card/importDataCost');
    expect(first?.method).toBe('POST');
    expect(partsOf(first)).toEqual(['file', 'unit']);
    expect(first?.body).toMatch(/name="file"; filename=/);
    expect(first?.body).toMatch(/name="unit"\r\n\r\nUSD/);

    await choose(xlsx('cards.xlsx', 2100)); // Saved again after the fixes.
    await upload();
    const result = await screen.findByTestId('open-result');
    expect(result.textContent).toContain('2 cards opened');
    expect(screen.getAllByTestId('open-result-row')).toHaveLength(2);
    expect(screen.queryByTestId('import-problems')).toBeNull();

    const [opened] = requestsTo(requests, 'card/importData');
    expect(opened?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
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
    await upload();
    expect((await screen.findByTestId('import-failure')).textContent).toBe(
      'Server exception, please try again later',
    );

    await upload();
    await waitFor(() =>
      expect(screen.getByTestId('import-failure').textContent).toBe('Insufficient balance in the USD wallet'),
    );
    expect(screen.queryByTestId('import-problems')).toBeNull();

    await upload(); // After a top-up: the same file again.
    expect(await screen.findByTestId('open-result')).toBeTruthy();
    const keys = requestsTo(requests, 'card/importData').map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]); // The server error may be retried as the same upload.
    expect(keys[2]).not.toBe(keys[1]); // The refusal would only be replayed under its key.
  });

  it('shows the exact cost before charging, and charges exactly it (expectTotal); a moved price shows the new one', async () => {
    let opens = 0;
    const { requests } = await openImport((request) => {
      if (request.path === '/api/card/batchCard') return { code: 404, msg: 'Batch not found' };
      if (request.path === '/api/card/importDataCost' && opens > 0)
        return { code: 200, data: importCostOf('USD', 2, 10) }; // The fee rose meanwhile.
      if (request.path !== '/api/card/importData') return undefined;
      opens += 1;
      if (opens === 1) return { code: 409, msg: 'The cost has changed' };
      return { code: 200, data: batchOf('b', 2, 2, 'done') };
    });
    await choose(xlsx('cards.xlsx'));
    fireEvent.click(within(screen.getByTestId('import-unit-USD')).getByRole('radio'));
    check();
    const cost = await screen.findByTestId('import-cost');
    const shown = importCostOf('USD');
    expect(within(cost).getByRole('heading').textContent).toBe('Cost of 2 cards');
    expect(screen.getByTestId('import-cost-total').textContent).toBe('$6.04');
    expect(shown.total).toBe(604);
    expect(screen.getByTestId('import-upload').textContent).toBe('Open 2 cards for $6.04');
    // Nothing is charged by looking at the cost.
    expect(requestsTo(requests, 'card/importData')).toHaveLength(0);

    // Another choice drops the cost shown: it must be checked again.
    fireEvent.click(within(screen.getByTestId('import-unit-CNY')).getByRole('radio'));
    expect(screen.queryByTestId('import-cost')).toBeNull();
    expect(screen.getByTestId('import-check')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('import-unit-USD')).getByRole('radio'));
    // Back to the choices it was worked out for: that cost (the server still holds the charge to it).
    expect(screen.getByTestId('import-cost-total').textContent).toBe('$6.04');

    fireEvent.click(screen.getByTestId('import-upload'));
    expect((await screen.findByTestId('import-failure')).textContent).toBe(
      'The cost changed since it was shown, and nothing was charged. Here is the new cost: check it and open again.',
    );
    await waitFor(() => expect(screen.getByTestId('import-cost-total').textContent).toBe('$6.24'));
    const [refused] = requestsTo(requests, 'card/importData');
    expect(refused?.body).toMatch(/name="expectTotal"\r\n\r\n604\r\n/);

    fireEvent.click(screen.getByTestId('import-upload'));
    expect(await screen.findByTestId('open-result')).toBeTruthy();
    const [, accepted] = requestsTo(requests, 'card/importData');
    expect(accepted?.body).toMatch(/name="expectTotal"\r\n\r\n624\r\n/);
  });

  it('will not open when the wallet cannot pay the cost shown', async () => {
    await openImport((request) =>
      request.path === '/api/card/importDataCost'
        ? { code: 200, data: { ...importCostOf('USD', 2), balance: 100, enough: false } }
        : undefined,
    );
    await choose(xlsx('cards.xlsx'));
    fireEvent.click(within(screen.getByTestId('import-unit-USD')).getByRole('radio'));
    check();
    expect((await screen.findByTestId('import-cost-short')).textContent).toContain('USD wallet');
    expect((screen.getByTestId('import-upload') as HTMLButtonElement).disabled).toBe(true);
  });
});
