// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load the test settles by hand. */
function manualLoad() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Greeting }>((resolve, reject) => {
        settle = { resolve: () => resolve({ default: Greeting }), reject };
      }),
  );
  return { load, settle: () => settle! };
}

function renderIn(Component: (props: { name: string }) => React.JSX.Element) {
  return render(
    <Suspense fallback={<p>waiting</p>}>
      <Component name="Ada" />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('suspends like lazy when rendered before its module is loaded', async () => {
    const { load, settle } = manualLoad();
    const Part = preloadable(load);
    renderIn(Part);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => settle().resolve());
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    const { load, settle } = manualLoad();
    const Part = preloadable(load);
    const preloaded = Part.preload();
    settle().resolve();
    await preloaded;
    // A synchronous render: with lazy alone the first commit would hold the fallback.
    renderIn(Part);
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one load between preloads, and tries again after a failed one', async () => {
    const { load, settle } = manualLoad();
    const Part = preloadable(load);
    const first = Part.preload();
    const second = Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
    settle().reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');

    const retry = Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
    settle().resolve();
    await retry;
    renderIn(Part);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
  });
});
