// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setWidth } from '../../test-browser';
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
