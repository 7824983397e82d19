// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardGroupView } from '@contract/card-groups';
import { i18n } from '../../../lib/i18n';
import { signIn } from '../../../testing/fixtures';
import { formOf, renderPage, requestsTo, stubApi } from '../../../testing/utils';
import { GroupsTab } from './GroupsTab';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const group = (id: string, over: Partial<CardGroupView>): CardGroupView => ({
  id,
  name: id,
  cardCount: 0,
  balance: 0,
  monthSpend: 0,
  currency: 'USD',
  pinned: false,
  creator: 'main',
  creatorMember: null,
  createdAt: '2026-11-20T02:30:00.000Z',
  ...over,
});

beforeEach(() => {
  signIn();
  stubApi((r) =>
    r.path === '/api/cardGroup/page'
      ? {
          code: 200,
          data: {
            data: [
              group('Ads', {}),
              group('Team', { creator: 'sub-1', creatorMember: { nickname: 'Lin', subUid: 'S123456789' } }),
            ],
            total: 2,
            pageNo: 1,
            pageSize: 100,
          },
        }
      : r.path === '/api/cardGroup/cardCountNg'
        ? { code: 200, data: { count: 0 } }
        : { code: 200, data: [] },
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const Page = () => (
  <div data-testid="groups-page">
    <GroupsTab />
  </div>
);

describe('the card group list (spec §3: creation time and creator)', () => {
  it.each([
    ['en', 'Main account', 'Lin (S123456789)'],
    ['zh-CN', '主账户', 'Lin（S123456789）'],
  ])('shows when and by whom each group was created (%s)', async (lang, main, member) => {
    await i18n.changeLanguage(lang);
    await renderPage('/cardGroup', Page);
    const rows = await screen.findAllByTestId('group-row');
    expect(rows.map((row) => within(row).getByTestId('group-creator').textContent)).toEqual([main, member]);
    // 02:30 UTC is 10:30 in the product's time (UTC+8).
    expect(within(rows[0]!).getByTestId('group-created-at').textContent).toContain('2026-11-20 10:30');
  });
});

describe('select mode (issue 34 §6): several groups deleted at once', () => {
  it('deletes the selected groups in one batchRemove, after a confirmation naming them', async () => {
    const { requests } = stubApi((r) =>
      r.path === '/api/cardGroup/page'
        ? {
            code: 200,
            data: {
              data: [group('Ads', { cardCount: 2 }), group('Team', { cardCount: 1 })],
              total: 2,
              pageNo: 1,
              pageSize: 100,
            },
          }
        : r.path === '/api/cardGroup/batchRemove'
          ? { code: 200, data: { removed: 2, ungrouped: 3 } }
          : r.path === '/api/cardGroup/cardCountNg'
            ? { code: 200, data: { count: 0 } }
            : { code: 200, data: [] },
    );
    await renderPage('/cardGroup', Page);
    await screen.findAllByTestId('group-row');
    fireEvent.click(screen.getByTestId('group-select'));
    for (const check of screen.getAllByTestId('group-check')) fireEvent.click(check);
    expect(screen.getByTestId('group-remove-many-start').textContent).toContain('Delete · 2');
    fireEvent.click(screen.getByTestId('group-remove-many-start'));
    const sheet = await screen.findByTestId('group-remove-many-sheet');
    expect(sheet.textContent).toContain('Delete “Ads”, “Team”? Their 3 cards stay');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(requests, 'cardGroup/batchRemove')).toHaveLength(1));
    expect(formOf(requestsTo(requests, 'cardGroup/batchRemove')[0])).toEqual({ ids: 'Ads,Team' });
  });
});
