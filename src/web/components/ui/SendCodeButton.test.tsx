// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendCodeButton } from './SendCodeButton';

describe('SendCodeButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down 60 s after a send, then allows another', async () => {
    const onSend = vi.fn(async () => true);
    render(<SendCodeButton onSend={onSend} />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;

    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Resend in 60s');
    expect(button.disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(button.textContent).toBe('Resend in 1s');

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('waits as long as the server asks, and not at all when nothing was sent', async () => {
    const onSend = vi
      .fn<() => Promise<boolean | number>>()
      .mockResolvedValueOnce(false)
      .mockResolvedValueOnce(30);
    render(<SendCodeButton onSend={onSend} />);
    const button = screen.getByTestId('send-code') as HTMLButtonElement;

    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Send code');

    await act(async () => {
      vi.advanceTimersByTime(1000); // Click guard.
    });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Resend in 30s');
  });
});
