// @vitest-environment jsdom
/**
 * The decline-rate meter: the rate against the 5 % rule with its state (over only strictly above,
 * like the rule), the counts, a note while under the rule's minimum, the cards that decline most
 * with links to their declines (only for users who may read records), and the member's wording.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeclineRate } from '../../../contract/cards';
import { subAccessGrant } from '../../../contract/permissions';
import { storeAccess } from '../../lib/permissions';
import { clearStorage } from '../../lib/storage';
import { signIn } from '../../testing/fixtures';
import { renderPage, stubApi } from '../../testing/utils';
import DeclineRateMeter, { meterState } from './DeclineRateMeter';

function rate(patch: Partial<DeclineRate> = {}): DeclineRate {
  return {
    scope: 'account',
    windowHours: 24,
    since: '2026-01-05T00:00:00Z',
    authorizations: 40,
    declines: 3,
    rateBp: 750,
    limitBp: 500,
    minAuthorizations: 20,
    cards: [
      { cardId: 'c1', serial: 'C1', last4: '4242', authorizations: 10, declines: 2 },
      { cardId: 'c2', serial: 'C2', last4: '5151', authorizations: 5, declines: 1 },
    ],
    ...patch,
  };
}

function serve(answer: DeclineRate) {
  return stubApi((r) =>
    r.path === '/api/card/declineRate' ? { code: 200, data: answer } : { code: 404, msg: 'no such path' },
  );
}

async function show(answer: DeclineRate) {
  const { requests } = serve(answer);
  await renderPage(
    '/cardList',
    () => (
      <div data-testid="meter-page">
        <DeclineRateMeter />
      </div>
    ),
    ['/cardRecord'],
  );
  return { meter: await screen.findByTestId('decline-meter'), requests };
}

beforeEach(() => signIn());
afterEach(() => clearStorage());

describe('DeclineRateMeter', () => {
  it('says an account above the limit is above it, with the counts and the cards causing it', async () => {
    const { meter, requests } = await show(rate());
    expect(requests.some((r) => r.path === '/api/card/declineRate')).toBe(true);
    expect(within(meter).getByTestId('decline-meter-rate').textContent).toBe('7.5%');
    expect(within(meter).getByTestId('decline-meter-state').textContent).toContain('Above the limit');
    expect(within(meter).getByTestId('decline-meter-state').textContent).toContain(
      '3 of 40 payments declined',
    );
    expect(within(meter).getByRole('meter').getAttribute('aria-valuenow')).toBe('7.5');
    const cards = within(meter).getByTestId('decline-meter-cards');
    expect(cards.textContent).toContain('Card ending 4242: 2 of 10 declined');
    const links = within(cards).getAllByTestId('decline-meter-link');
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toContain('/cardRecord');
    expect(links[0]!.getAttribute('href')).toContain('tab=refuse');
    expect(links[0]!.getAttribute('href')).toContain('last4=4242');
  });

  it('notes the rule’s minimum while there are fewer payments; a member reads its own cards’ title', async () => {
    storeAccess(subAccessGrant(['card:list']));
    const { meter } = await show(
      rate({ scope: 'own', authorizations: 4, declines: 0, rateBp: 0, cards: [] }),
    );
    expect(within(meter).getByRole('heading').textContent).toBe('Your cards’ decline rate, last 24 h');
    expect(meter.textContent).toContain('The rule applies from 20 payments in the window; so far 4.');
    expect(meter.textContent).toContain('No declines in the window.');
  });

  it('offers no link to the records to a member who may not read them', async () => {
    storeAccess(subAccessGrant(['card:list']));
    const { meter } = await show(rate());
    await waitFor(() => expect(within(meter).getByTestId('decline-meter-cards')).toBeTruthy());
    expect(within(meter).queryByTestId('decline-meter-link')).toBeNull();
  });

  it('places a rate against the limit like the rule: exactly 5 % is not over it, nor is a rate under the minimum', () => {
    const enough = { authorizations: 20, minAuthorizations: 20 };
    expect(meterState({ rateBp: 500, limitBp: 500, ...enough })).toBe('near');
    expect(meterState({ rateBp: 501, limitBp: 500, ...enough })).toBe('over');
    expect(meterState({ rateBp: 299, limitBp: 500, ...enough })).toBe('ok');
    expect(meterState({ rateBp: 300, limitBp: 500, ...enough })).toBe('near');
    expect(meterState({ rateBp: 5_000, limitBp: 500, authorizations: 19, minAuthorizations: 20 })).toBe(
      'watch',
    );
  });
});
