// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setWidth } from '../../testing/browser';
import { FilterPanel, type FilterPanelProps } from './FilterPanel';

type Handlers = Pick<FilterPanelProps, 'onSearch' | 'onClear' | 'onExport'>;

/** A page with one filter field, as list pages will use the panel. */
function Page({ onSearch, onClear, onExport }: Handlers) {
  const [card, setCard] = useState('');
  return (
    <FilterPanel
      onSearch={() => onSearch()}
      onClear={() => {
        setCard('');
        onClear();
      }}
      onExport={onExport}
      activeCount={card ? 1 : 0}
    >
      <label>
        Card number
        <input value={card} onChange={(event) => setCard(event.target.value)} />
      </label>
    </FilterPanel>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setWidth(1024);
});

describe('FilterPanel', () => {
  it('searches with the button and with Enter, guarded against double clicks', () => {
    setWidth(1280);
    const onSearch = vi.fn();
    render(<Page onSearch={onSearch} onClear={vi.fn()} />);
    expect(screen.getByRole('search', { name: 'Filters' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1000));
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('clears the fields through the page', () => {
    setWidth(1280);
    const onClear = vi.fn();
    render(<Page onSearch={vi.fn()} onClear={onClear} />);
    const field = screen.getByLabelText('Card number') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '4242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(field.value).toBe('');
  });

  it('shows Export only when the page can export, and guards it', () => {
    setWidth(1280);
    const { unmount } = render(<Page onSearch={vi.fn()} onClear={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    unmount();

    const onExport = vi.fn();
    render(<Page onSearch={vi.fn()} onClear={vi.fn()} onExport={onExport} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('folds the fields away on a phone behind a toggle that counts active filters', () => {
    setWidth(390);
    render(<Page onSearch={vi.fn()} onClear={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull(); // Hidden.

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242' } });
    expect(screen.getByTestId('filter-panel-toggle').textContent).toBe('Hide filters1');
  });

  it('is always open on a wide screen, without a toggle', () => {
    setWidth(1280);
    render(<Page onSearch={vi.fn()} onClear={vi.fn()} />);
    expect(screen.queryByTestId('filter-panel-toggle')).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });
});
