import { describe, expect, it } from 'vitest';
import { showsStart, startSteps, type StartInputs } from './start-steps';

const fresh: StartInputs = {
  identity: {
    level: 'unverified',
    order: null,
    topupCeiling: [{ currency: 'CNY', used: 0, ceiling: 500000 }],
  },
  wallet: { CNY: 0, USD: 0 },
  overview: { cards: { total: 0, active: 0, frozen: 0, deleted: 0 }, monthTopUp: {} },
};
const done = (inputs: StartInputs) =>
  Object.fromEntries((startSteps(inputs) ?? []).map((step) => [step.name, step.done]));

describe('the three-step start', () => {
  it('waits for all three figures before it says anything', () => {
    expect(startSteps({ ...fresh, identity: undefined })).toBeNull();
    expect(startSteps({ ...fresh, wallet: null })).toBeNull();
    expect(startSteps({ ...fresh, overview: null })).toBeNull();
    expect(showsStart(null)).toBe(false);
  });

  it('a new account has all three to do, in order', () => {
    const steps = startSteps(fresh);
    expect(steps?.map((step) => step.name)).toEqual(['verify', 'topUp', 'openCard']);
    expect(done(fresh)).toEqual({ verify: false, topUp: false, openCard: false });
    expect(showsStart(steps)).toBe(true);
  });

  it('a top-up ticks from the running total even once the money is spent', () => {
    const spent = {
      ...fresh,
      identity: { ...fresh.identity!, topupCeiling: [{ currency: 'CNY', used: 100, ceiling: 1 }] },
    };
    expect(done(spent).topUp).toBe(true);
    expect(done({ ...fresh, wallet: { USD: 5 } }).topUp).toBe(true);
    expect(done({ ...fresh, overview: { ...fresh.overview!, monthTopUp: { CNY: 1 } } }).topUp).toBe(true);
  });

  it('a card ever opened ticks both the card and the top-up (deleted cards count)', () => {
    const deleted = {
      ...fresh,
      overview: { ...fresh.overview!, cards: { total: 1, active: 0, frozen: 0, deleted: 1 } },
    };
    expect(done(deleted)).toEqual({ verify: false, topUp: true, openCard: true });
  });

  it('verification ticks only at a level; a submitted order is pending, not done', () => {
    const order = { status: 'in_review' } as NonNullable<StartInputs['identity']>['order'];
    const pending = startSteps({ ...fresh, identity: { ...fresh.identity!, order } });
    expect(pending?.[0]).toEqual({ name: 'verify', done: false, pending: true });
    expect(done({ ...fresh, identity: { ...fresh.identity!, level: 'business' } }).verify).toBe(true);
  });

  it('with money in and a card out, a missing verification is no longer a checklist', () => {
    const busy = {
      ...fresh,
      overview: { ...fresh.overview!, cards: { total: 2, active: 2, frozen: 0, deleted: 0 } },
    };
    expect(showsStart(startSteps(busy))).toBe(false);
  });
});
