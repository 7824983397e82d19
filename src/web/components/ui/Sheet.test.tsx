// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setWidth } from '../../testing/browser';
import { Sheet } from './Sheet';

const PHONE = 390;
const DESKTOP = 1280;

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Sheet
      visible={open}
      title="Reset your password"
      onClose={() => {
        onClose();
        setOpen(false);
      }}
      data-testid="the-sheet"
    >
      <label htmlFor="typed">Typed value</label>
      <input id="typed" defaultValue="half-typed form" />
    </Sheet>
  );
}

/** The antd-mobile mask (backdrop) of the open popup. */
function backdrop(): HTMLElement {
  const mask = document.querySelector<HTMLElement>('.adm-mask');
  if (!mask) throw new Error('no backdrop rendered');
  return mask;
}

describe.each([
  ['phone (bottom sheet)', PHONE, '.adm-popup'],
  ['wide screen (centred dialog)', DESKTOP, '.adm-center-popup'],
])('Sheet on a %s', (_name, width, container) => {
  afterEach(() => setWidth(1024));

  it('renders the matching antd-mobile container', () => {
    setWidth(width);
    render(<Harness onClose={vi.fn()} />);
    expect(document.querySelector(container)).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('does not close on a backdrop click', async () => {
    setWidth(width);
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await act(async () => {
      fireEvent.click(backdrop());
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByLabelText('Typed value')).toHaveProperty('value', 'half-typed form');
  });

  it('closes with its close button', async () => {
    setWidth(width);
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('sheet-close'));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

/** A recharge-like sheet with a button that opens a second sheet (customer service) over it. */
function Stacked() {
  const [service, setService] = useState(false);
  return (
    <>
      <Sheet visible title="Recharge" onClose={() => {}} data-testid="first-sheet">
        <input aria-label="Amount" defaultValue="1200" />
        <button type="button" onClick={() => setService(true)}>
          Contact customer service
        </button>
      </Sheet>
      <Sheet
        visible={service}
        title="Customer service"
        onClose={() => setService(false)}
        data-testid="second-sheet"
      >
        <p>Codes</p>
      </Sheet>
    </>
  );
}

describe.each([
  ['phone', PHONE],
  ['wide screen', DESKTOP],
])('a sheet opened over another (%s)', (_name, width) => {
  afterEach(() => setWidth(1024));

  it('hides the one beneath, darkens the page once, and brings it back with its input on close', async () => {
    setWidth(width);
    render(<Stacked />);
    const firstBody = () =>
      screen.getByTestId('first-sheet').closest('.adm-popup-body, .adm-center-popup-body');
    expect(firstBody()?.classList.contains('cp-sheet-layer--beneath')).toBe(false);

    fireEvent.click(screen.getByText('Contact customer service'));
    const second = await screen.findByTestId('second-sheet');
    expect(firstBody()?.classList.contains('cp-sheet-layer--beneath')).toBe(true);
    // The second sheet's mask is mounted by antd-mobile's popup a moment after its body.
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.adm-mask')].filter((mask) =>
          mask.classList.contains('cp-sheet-mask--over'),
        ),
      ).toHaveLength(1),
    );
    expect(
      second
        .closest('.adm-popup-body, .adm-center-popup-body')
        ?.classList.contains('cp-sheet-layer--beneath'),
    ).toBe(false);

    fireEvent.click(within(second).getByTestId('sheet-close'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(firstBody()?.classList.contains('cp-sheet-layer--beneath')).toBe(false);
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1200');
  });
});
