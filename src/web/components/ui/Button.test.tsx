// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setWidth } from '../../testing/browser';
import Button from './Button';
import { FilterPanel } from './FilterPanel';

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('Button', () => {
  it('keeps its name while loading (antd-mobile alone shows only the spinner)', () => {
    const { rerender } = render(<Button>Search</Button>);
    expect(button('Search').disabled).toBe(false);
    rerender(<Button loading>Search</Button>);
    expect(button('Search').disabled).toBe(true);
    expect(button('Search').querySelector('.adm-dot-loading')).not.toBeNull();
  });

  it('names every button of a filter panel while its list loads and its export runs', () => {
    setWidth(1024);
    render(
      <FilterPanel
        onSearch={() => undefined}
        onClear={() => undefined}
        onExport={() => undefined}
        searching
        exporting
      >
        <span />
      </FilterPanel>,
    );
    const all = screen.getAllByRole('button');
    expect(screen.getAllByRole('button', { name: /\S/ })).toHaveLength(all.length);
    // Export runs: locked. The list loads: Search says so and can still be pressed.
    expect(all.filter((b) => (b as HTMLButtonElement).disabled).map((b) => b.dataset.testid)).toEqual([
      'filter-panel-export',
    ]);
    expect(screen.getByTestId('filter-panel-search').getAttribute('aria-busy')).toBe('true');
  });
});
