import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckField } from './CheckField';

describe('CheckField', () => {
  it('is a named checkbox whose label holds no block element, and the whole line toggles it', () => {
    const onChange = vi.fn();
    render(
      <CheckField id="remember" checked={false} onChange={onChange} data-testid="remember">
        Remember me
      </CheckField>,
    );
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    const label = screen.getByTestId('remember');
    expect(label.tagName).toBe('LABEL');
    expect(label.querySelector('div, p, ul, section')).toBeNull();
    fireEvent.click(screen.getByText('Remember me'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('shows the checked state and names its error', () => {
    render(
      <>
        <CheckField id="agree" checked onChange={() => undefined} describedBy="agree-error">
          I agree
        </CheckField>
        <p id="agree-error">Required</p>
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBe('agree-error');
  });
});
