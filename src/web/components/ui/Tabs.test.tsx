// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { moveTab, Tabs, type TabsItem } from './Tabs';

type Key = 'index' | 'online' | 'bank' | 'unionpay';

const ITEMS: TabsItem<Key>[] = [
  { key: 'index', title: 'Overview', content: <p>Overview panel</p> },
  { key: 'online', title: 'Online', content: <input aria-label="Amount" /> },
  { key: 'bank', title: 'Bank card', content: <p>Bank panel</p>, disabled: true },
  { key: 'unionpay', title: 'UnionPay', content: <p>UnionPay panel</p> },
];

describe('moveTab', () => {
  const disabled = [false, false, true, false];
  it.each([
    [0, 'next', 1],
    [1, 'next', 3], // Skips the disabled tab.
    [3, 'next', 0], // Wraps around.
    [0, 'previous', 3],
    [3, 'first', 0],
    [0, 'last', 3],
  ] as const)('from %i %s -> %i', (from, move, to) => {
    expect(moveTab(disabled, from, move)).toBe(to);
  });

  it('stays put when every other tab is disabled', () => {
    expect(moveTab([false, true, true], 0, 'next')).toBe(0);
  });
});

describe('Tabs', () => {
  it('shows the first tab and its labelled panel, and switches on click', () => {
    const onChange = vi.fn();
    render(<Tabs items={ITEMS} label="Top-up method" onChange={onChange} />);
    expect(screen.getByRole('tablist', { name: 'Top-up method' })).toBeTruthy();
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' }).textContent).toBe('Overview panel');

    fireEvent.click(screen.getByRole('tab', { name: 'UnionPay' }));
    expect(onChange).toHaveBeenCalledWith('unionpay');
    expect(screen.getByRole('tabpanel', { name: 'UnionPay' }).textContent).toBe('UnionPay panel');
    expect(screen.queryByText('Overview panel')).toBeNull();
  });

  it('has one tab stop and moves with the arrow keys, skipping disabled tabs', () => {
    render(<Tabs items={ITEMS} label="Top-up method" defaultActiveKey="online" />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect((screen.getByRole('tab', { name: 'Bank card' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Online' }), { key: 'ArrowRight' });
    const unionPay = screen.getByRole('tab', { name: 'UnionPay' });
    expect(unionPay.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(unionPay);

    fireEvent.keyDown(unionPay, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
  });

  it('follows a controlled activeKey', () => {
    function Controlled() {
      const [key, setKey] = useState<Key>('index');
      return (
        <>
          <Tabs items={ITEMS} label="Method" activeKey={key} onChange={setKey} />
          <output>{key}</output>
        </>
      );
    }
    render(<Controlled />);
    fireEvent.click(screen.getByRole('tab', { name: 'Online' }));
    expect(screen.getByRole('status').textContent).toBe('online');
    expect(screen.getByRole('tab', { name: 'Online' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps hidden panels mounted on request, so typed input survives a switch', () => {
    render(<Tabs items={ITEMS} label="Method" defaultActiveKey="online" keepMounted />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Online' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('500');
  });

  it('renders a bare tab bar without panels when items carry no content', () => {
    render(
      <Tabs
        label="Currency"
        variant="pill"
        items={[
          { key: 'CNY', title: 'CNY' },
          { key: 'USD', title: 'USD' },
        ]}
      />,
    );
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.getByRole('tab', { name: 'CNY' }).getAttribute('aria-controls')).toBeNull();
  });
});
