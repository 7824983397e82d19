// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../../testing/fixtures';
import { formOf, renderPage, requestsTo } from '../../../testing/utils';
import type { GradeAnswer } from '../open/api';
import { CARD_PATHS, stubCardsApi } from '../../../testing/card-open';
import { CardGradePage } from './CardGradePage';
import { rankSegments } from './components/GradeResults';
import { merchantSuggestions } from './merchants';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 15_000 });

const ANSWER: GradeAnswer = {
  merchant: 'Facebook Ads',
  segments: [
    {
      segmentId: 'seg-subs',
      name: 'Subscriptions Mastercard',
      bin: '531993',
      network: 'mastercard',
      status: 'open',
      suited: false,
      successRateBp: null,
      authorizations: 0,
    },
    {
      segmentId: 'seg-old',
      name: 'Travel Visa',
      bin: '404038',
      network: 'visa',
      status: 'maintenance',
      suited: true,
      successRateBp: 8000,
      authorizations: 10,
    },
    {
      segmentId: 'seg-ads',
      name: 'Ads Visa',
      bin: '485961',
      network: 'visa',
      status: 'open',
      suited: true,
      successRateBp: 9750,
      authorizations: 120,
    },
  ],
  advice: null,
};

signedInEachTest(390);

describe('CardGradePage', () => {
  it('asks for a merchant before querying', async () => {
    const { requests } = stubCardsApi();
    await renderPage('/cardGrande', CardGradePage, CARD_PATHS);
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('grade-merchant-error').textContent).toBe('Please enter a merchant');
    expect(requestsTo(requests, 'card/cardGrade')).toHaveLength(0);
  });

  it('suggests merchants from the segments, and shows each segment suited or not with its success rate', async () => {
    const { requests } = stubCardsApi((request) =>
      request.path === '/api/card/cardGrade' ? { code: 200, data: ANSWER } : undefined,
    );
    await renderPage('/cardGrande', CardGradePage, CARD_PATHS);
    await waitFor(() =>
      expect(screen.getAllByTestId('grade-suggestion')[0]?.textContent).toBe('Facebook Ads'),
    );
    fireEvent.click(screen.getAllByTestId('grade-suggestion')[0] as HTMLElement);

    const results = await screen.findByTestId('grade-results');
    expect(formOf(requestsTo(requests, 'card/cardGrade')[0])).toEqual({ merchant: 'Facebook Ads' });
    expect(screen.getByTestId<HTMLInputElement>('grade-merchant').value).toBe('Facebook Ads');
    expect(within(results).getByRole('heading').textContent).toBe('Segments for Facebook Ads');
    expect(screen.getByTestId('grade-summary').textContent).toBe('2 segments suit this merchant.');

    const rows = within(results).getAllByTestId('grade-row');
    expect(rows.map((row) => row.dataset.segment)).toEqual(['seg-ads', 'seg-old', 'seg-subs']);
    const [ads, old, subs] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(ads).getByTestId('grade-suited').textContent).toBe('Yes');
    expect(within(ads).getByTestId('grade-rate').textContent).toBe('97.5% of 120 payments');
    expect(within(ads).getByTestId('grade-status').textContent).toBe('Open');
    expect(within(old).getByTestId('grade-status').textContent).toBe('Under maintenance');
    expect(within(subs).getByTestId('grade-suited').textContent).toBe('No');
    expect(within(subs).getByTestId('grade-rate').textContent).toBe('No data yet');
    // Only a suited segment that is open can be opened from here.
    expect(within(ads).queryByTestId('grade-open')).not.toBeNull();
    expect(within(old).queryByTestId('grade-open')).toBeNull();
    expect(within(subs).queryByTestId('grade-open')).toBeNull();
    expect(screen.queryByTestId('grade-advice')).toBeNull();
  });

  it('shows the advice while there is no authorization data, and opens a card of a suited segment', async () => {
    stubCardsApi((request, form) =>
      request.path === '/api/card/cardGrade'
        ? {
            code: 200,
            data: {
              merchant: form.get('merchant'),
              segments: ANSWER.segments.map((s) => ({ ...s, successRateBp: null, authorizations: 0 })),
              advice: 'Visa segments usually work best for advertising platforms.',
            },
          }
        : undefined,
    );
    const { router } = await renderPage('/cardGrande', CardGradePage, CARD_PATHS);
    fireEvent.change(screen.getByTestId('grade-merchant'), { target: { value: '  Google Ads ' } });
    fireEvent.submit(screen.getByRole('search'));

    expect((await screen.findByTestId('grade-advice')).textContent).toBe(
      'Advice: Visa segments usually work best for advertising platforms.',
    );
    expect(screen.getAllByTestId('grade-rate').every((rate) => rate.textContent === 'No data yet')).toBe(
      true,
    );
    fireEvent.click(screen.getByTestId('grade-open'));
    expect(await screen.findByTestId('at-cardOpen')).toBeTruthy();
    expect(router.state.location.search).toEqual({ segment: 'seg-ads' });
  });

  it('says in place when the query fails', async () => {
    stubCardsApi((request) =>
      request.path === '/api/card/cardGrade'
        ? { code: 500, msg: 'Server exception, please try again later' }
        : undefined,
    );
    await renderPage('/cardGrande', CardGradePage, CARD_PATHS);
    fireEvent.change(screen.getByTestId('grade-merchant'), { target: { value: 'Shopify' } });
    fireEvent.submit(screen.getByRole('search'));
    expect((await screen.findByTestId('grade-failed')).textContent).toBe(
      'Server exception, please try again later',
    );
  });
});

describe('scenario query helpers', () => {
  it('suggests the segments’ merchants first, without repeats', () => {
    const names = merchantSuggestions(
      [
        ['Facebook Ads', 'Netflix'],
        ['netflix', 'Temu'],
      ],
      5,
    );
    expect(names).toEqual(['Facebook Ads', 'Netflix', 'Temu', 'Google Ads', 'TikTok Ads']);
  });

  it('ranks suited before others, open before maintenance, higher success first', () => {
    expect(rankSegments(ANSWER.segments).map((s) => s.segmentId)).toEqual(['seg-ads', 'seg-old', 'seg-subs']);
  });
});
