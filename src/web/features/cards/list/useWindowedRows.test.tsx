// @vitest-environment jsdom
/**
 * The windowed card list keeps the DOM small: with 10,000 cards only the rows near the viewport
 * exist (issue 5 §5: at most 60), at the top, in the middle and at the end of the list, on the
 * phone tiles and in the desktop table alike.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../../testing/utils';
import { CardTable } from './components/CardTable';
import { CardTiles } from './components/CardTiles';
import { TABLE_ROW_HEIGHT, TILE_ROW_HEIGHT, type CardRowsProps } from './components/card-rows';
import { testCards } from '../../../testing/card-list';
import { MAX_RENDERED_ROWS, windowOf } from './useWindowedRows';

const CARDS = testCards(10_000);

function props(onRangeEnd = vi.fn()): CardRowsProps {
  return {
    cards: CARDS,
    total: CARDS.length,
    caption: 'Cards',
    selecting: false,
    selected: new Set(),
    onToggle: vi.fn(),
    onOpen: vi.fn(),
    onAction: vi.fn(),
    onRangeEnd,
  };
}

/** Puts the list's top `scrolled` px above the viewport and tells the page it scrolled. */
async function scrollListTo(list: HTMLElement, scrolled: number) {
  vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -scrolled } as DOMRect);
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  });
}

const rows = () => screen.getAllByTestId('card-row');
const firstId = () => rows()[0]?.dataset.cardId;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('windowOf', () => {
  it('renders the visible rows plus a margin, never more than the ceiling', () => {
    expect(windowOf(10_000, 100, 0, 800)).toEqual({ start: 0, end: 14, before: 0, after: 998_600 });
    const middle = windowOf(10_000, 100, 500_000, 500_800);
    expect(middle.start).toBe(4994);
    expect(middle.end).toBe(5014);
    expect(windowOf(10_000, 10, 0, 100_000).end).toBe(MAX_RENDERED_ROWS);
    expect(windowOf(3, 100, 0, 800)).toEqual({ start: 0, end: 3, before: 0, after: 0 });
  });
});

describe.each([
  ['phone tiles', CardTiles, 'card-tiles', TILE_ROW_HEIGHT],
  ['desktop table', CardTable, 'card-table', TABLE_ROW_HEIGHT],
] as const)('%s with 10,000 cards', (_name, Component, testId, rowHeight) => {
  it('keep at most 60 card rows in the DOM wherever the list is scrolled', async () => {
    const onRangeEnd = vi.fn();
    renderWithClient(<Component {...props(onRangeEnd)} />);
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThanOrEqual(60);
    expect(firstId()).toBe('card-0');

    const list =
      testId === 'card-tiles'
        ? screen.getByTestId(testId)
        : (screen.getByTestId(testId).querySelector('tbody') as HTMLElement);
    await scrollListTo(list, 5000 * rowHeight);
    expect(rows().length).toBeLessThanOrEqual(60);
    const ids = rows().map((row) => row.dataset.cardId);
    expect(ids).toContain('card-5000');
    expect(ids).not.toContain('card-0');

    await scrollListTo(list, 10_000 * rowHeight - 700);
    expect(rows().length).toBeLessThanOrEqual(60);
    expect(rows().at(-1)?.dataset.cardId).toBe('card-9999');
    expect(onRangeEnd).toHaveBeenLastCalledWith(10_000);
  });

  it('keep the list its full height, so the scroll bar matches 10,000 cards', () => {
    renderWithClient(<Component {...props()} />);
    const list = screen.getByTestId(testId);
    const html = list.outerHTML;
    // The empty space below the rendered rows stands for the other cards.
    const after = (10_000 - rows().length) * rowHeight;
    expect(html).toContain(`${after}px`);
  });
});
