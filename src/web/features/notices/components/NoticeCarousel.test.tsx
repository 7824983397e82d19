// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_HEIGHT_PX, CAROUSEL_INTERVAL_MS, NoticeCarousel } from './NoticeCarousel';

const NOTICES = [
  { id: 'n1', title: 'First notice', read: false },
  { id: 'n2', title: 'Second notice', read: true },
  { id: 'n3', title: 'Third notice', read: true },
];

const shown = () => screen.getByTestId('notice-carousel-item').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('notice carousel (spec §2, §9)', () => {
  it('is 50 px high and shows the next title every 3000 ms, round and round', () => {
    vi.useFakeTimers();
    render(<NoticeCarousel notices={NOTICES} onOpen={vi.fn()} />);
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    expect(screen.getByTestId('notice-carousel').style.height).toBe(`${CAROUSEL_HEIGHT_PX}px`);
    expect(CAROUSEL_HEIGHT_PX).toBe(50);
    expect(shown()).toContain('First notice');
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).toContain('First notice');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toContain('Second notice');
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toContain('First notice');
  });

  it('marks unread titles for screen readers too', () => {
    render(<NoticeCarousel notices={NOTICES} onOpen={vi.fn()} />);
    expect(shown()).toBe('Unread: First notice');
  });

  it('pauses while pointed at or focused', () => {
    vi.useFakeTimers();
    render(<NoticeCarousel notices={NOTICES} onOpen={vi.fn()} />);
    fireEvent.pointerEnter(screen.getByTestId('notice-carousel'));
    act(() => vi.advanceTimersByTime(9000));
    expect(shown()).toContain('First notice');
    fireEvent.pointerLeave(screen.getByTestId('notice-carousel'));
    act(() => vi.advanceTimersByTime(3000));
    expect(shown()).toContain('Second notice');
  });

  it('opens the notice shown', () => {
    const onOpen = vi.fn();
    render(<NoticeCarousel notices={NOTICES} onOpen={onOpen} />);
    fireEvent.click(screen.getByTestId('notice-carousel-item'));
    expect(onOpen).toHaveBeenCalledWith('n1');
  });

  it('says so when there are no notices', () => {
    render(<NoticeCarousel notices={[]} onOpen={vi.fn()} />);
    expect(screen.getByTestId('notice-carousel').textContent).toBe('No notices yet');
  });
});
