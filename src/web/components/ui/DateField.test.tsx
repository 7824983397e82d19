// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { DateRangeFields, type DateRangeField } from './DateRangeFields';

/** The picker is imported on first use. */
const SLOW = { timeout: 8000 };

function Harness({ initial }: { initial: Record<DateRangeField, string> }) {
  const [values, setValues] = useState(initial);
  return (
    <DateRangeFields
      startDate={values.startDate}
      endDate={values.endDate}
      onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
      labels={{ startDate: 'Start date', endDate: 'End date' }}
      testId="range"
    />
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('date fields use the app’s own picker', () => {
  it('are text boxes, not the browser’s native date input', () => {
    render(<Harness initial={{ startDate: '', endDate: '' }} />);
    expect(screen.getByTestId('range-start').getAttribute('type')).not.toBe('date');
    expect(screen.getByTestId('range-end').getAttribute('type')).not.toBe('date');
  });

  it('opens the antd-mobile picker in English and sets the chosen day', async () => {
    render(<Harness initial={{ startDate: '2026-01-10', endDate: '2026-01-20' }} />);
    fireEvent.click(screen.getByTestId('range-start-open'));
    const picker = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.adm-picker');
      if (!popup) throw new Error('no picker yet');
      return popup;
    }, SLOW);
    expect(picker.textContent).toContain('Start date');
    expect(picker.textContent).toContain('Confirm');
    expect(picker.textContent).toContain('Jan');
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('range-start').value).toBe('2026-01-10'));
  });

  it('shows in its header the day the picker holds, the one Confirm keeps', async () => {
    render(<Harness initial={{ startDate: '2026-01-10', endDate: '2026-01-20' }} />);
    fireEvent.click(screen.getByTestId('range-start-open'));
    const picked = await screen.findByTestId('range-start-picked', {}, SLOW);
    expect(picked.textContent).toBe('2026-01-10');
    const days = document.querySelectorAll<HTMLElement>('.adm-picker-view-column')[2]!;
    fireEvent.click(days.querySelectorAll<HTMLElement>('.adm-picker-view-column-item')[14]!);
    await waitFor(() => expect(picked.textContent).toBe('2026-01-15'));
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('range-start').value).toBe('2026-01-15'));
  });

  it('speaks Chinese when the reader does', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    render(<Harness initial={{ startDate: '2026-03-05', endDate: '' }} />);
    fireEvent.click(screen.getByTestId('range-start-open'));
    const picker = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.adm-picker');
      if (!popup) throw new Error('no picker yet');
      return popup;
    }, SLOW);
    expect(picker.textContent).toContain('2026年');
    expect(picker.textContent).toContain('3月');
    expect(picker.textContent).toContain('确定');
    expect(screen.getByTestId('range-start-open').getAttribute('aria-label')).toBe('选择Start date');
  });
});
