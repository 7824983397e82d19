// @vitest-environment jsdom
/**
 * The phone card screen: the picture shows the last four digits and the balance (never more of the
 * number), arrows, keys and a swipe move between cards, the row holds the frequent actions with
 * one freeze toggle, the "More" sheet the rest, and a member sees only what its permissions allow.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subAccessGrant } from '@contract/permissions';
import type { CardView } from '@contract/cards';
import { storeAccess } from '@web/lib/permissions';
import { clearStorage } from '@web/lib/storage';
import '../i18n';
import { testCard } from '../../../../testing/card-list';
import { CardScreen, type CardScreenProps } from './CardScreen';

const cards: CardView[] = [
  testCard(0, { last4: '4242', balance: 12_345 }),
  testCard(1, { last4: '5151' }),
  testCard(2, { last4: '6161', status: 'frozen', frozenBy: 'customer' }),
];

function show(cardId: string, props: Partial<CardScreenProps> = {}) {
  const handlers = { onMove: vi.fn(), onClose: vi.fn(), onAction: vi.fn(), onRangeEnd: vi.fn() };
  const view = render(
    <CardScreen cards={cards} total={7} cardId={cardId} hidden={false} {...handlers} {...props} />,
  );
  return { ...handlers, view };
}

beforeEach(() => clearStorage());
afterEach(() => clearStorage());

describe('CardScreen', () => {
  it('shows the card as a picture: network, last four, balance and status, and never a full number', () => {
    show('card-0');
    const picture = screen.getByTestId('card-picture');
    expect(within(picture).getByTestId('card-picture-last4').textContent).toBe('•••• 4242');
    expect(within(picture).getByTestId('card-picture-balance').textContent).toContain('123.45');
    expect(within(picture).getByTestId('card-network').textContent).toBe('VISA');
    expect(within(picture).getByTestId('card-status').textContent).toBe('Active');
    expect(picture.textContent).not.toMatch(/\d{5,}/);
    expect(screen.getByTestId('card-position').textContent).toBe('Card 1 of 7');
  });

  it('moves to the next and previous card with the arrows, the arrow keys and a horizontal swipe', () => {
    const { onMove, onRangeEnd } = show('card-1');
    fireEvent.click(screen.getByTestId('card-next'));
    expect(onMove).toHaveBeenLastCalledWith('card-2');
    expect(onRangeEnd).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByTestId('card-previous'));
    expect(onMove).toHaveBeenLastCalledWith('card-0');

    const stage = screen.getByTestId('card-stage');
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(onMove).toHaveBeenLastCalledWith('card-2');
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    expect(onMove).toHaveBeenLastCalledWith('card-0');

    onMove.mockClear();
    // Right to left: the next card. A short or mostly vertical drag moves nothing.
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 280, clientY: 100 });
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 220, clientY: 260 });
    expect(onMove).not.toHaveBeenCalled();
    fireEvent.pointerDown(stage, { pointerId: 3, clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 3, clientX: 180, clientY: 110 });
    expect(onMove).toHaveBeenLastCalledWith('card-2');
    fireEvent.pointerDown(stage, { pointerId: 4, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 4, clientX: 220, clientY: 100 });
    expect(onMove).toHaveBeenLastCalledWith('card-0');
  });

  it('stops at the ends of the loaded cards', () => {
    const { onMove } = show('card-0');
    expect((screen.getByTestId('card-previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('card-stage'), { key: 'ArrowLeft' });
    expect(onMove).not.toHaveBeenCalled();
  });

  it('offers details, recharge, a freeze toggle and 3DS codes in a row, and the rest under More', () => {
    const { onAction } = show('card-0');
    const row = screen.getAllByTestId(/^quick-/).map((button) => button.dataset.testid);
    expect(row).toEqual(['quick-details', 'quick-recharge', 'quick-freeze', 'quick-otp', 'quick-more']);
    fireEvent.click(screen.getByTestId('quick-freeze'));
    expect(onAction).toHaveBeenLastCalledWith(cards[0], 'freeze');

    fireEvent.click(screen.getByTestId('quick-more'));
    const more = screen.getByTestId('card-more-sheet');
    expect(
      within(more)
        .getAllByRole('button', { name: /./ })
        .map((b) => b.dataset.testid),
    ).toEqual([
      'sheet-close',
      'action-withdraw',
      'action-balance',
      'action-bill',
      'action-log',
      'action-editAddress',
      'action-spending',
      'action-delete',
    ]);
    fireEvent.click(within(more).getByTestId('action-log'));
    expect(onAction).toHaveBeenLastCalledWith(cards[0], 'log');
  });

  it('a frozen card’s toggle unfreezes it; no recharge while frozen', () => {
    const { onAction } = show('card-2');
    expect(screen.queryByTestId('quick-freeze')).toBeNull();
    expect(screen.queryByTestId('quick-recharge')).toBeNull();
    const toggle = screen.getByTestId('quick-activate');
    expect(toggle.textContent).toBe('Activate');
    fireEvent.click(toggle);
    expect(onAction).toHaveBeenLastCalledWith(cards[2], 'activate');
  });

  it('a member without the freeze and recharge permissions is not offered them', () => {
    storeAccess(subAccessGrant(['card:list', 'card:detail', 'card:otp']));
    show('card-0');
    const row = screen.getAllByTestId(/^quick-/).map((button) => button.dataset.testid);
    expect(row).toEqual(['quick-details', 'quick-otp', 'quick-more']);
  });

  it('steps aside while an action’s own sheet is open', () => {
    show('card-0', { hidden: true });
    expect(screen.queryByTestId('card-screen')).toBeNull();
  });
});
