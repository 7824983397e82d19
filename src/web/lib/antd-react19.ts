/**
 * antd-mobile 5 renders its imperative APIs (Toast.show, Dialog.show) with the legacy
 * ReactDOM.render, which React 19 removed: without this they silently render nothing
 * (stack-notes.md). Give it a createRoot-based renderer once, before anything is shown.
 */
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

export function installAntdRenderer(): void {
  unstableSetRender((node, container) => {
    const root = roots.get(container) ?? createRoot(container);
    roots.set(container, root);
    root.render(node);
    return async () => {
      // Unmount after the current render pass; unmounting synchronously inside one warns.
      await Promise.resolve();
      root.unmount();
      roots.delete(container);
    };
  });
}
