/**
 * The sheet of one action with a confirmation (move cards to a group, tag cards, delete a group or
 * a tag): a title, what the action is about, Cancel and Confirm, busy while `run` works. A refusal
 * is shown by lib/http and the sheet stays open for another try; on success `run` says so and
 * closes it.
 */
import type { ReactNode } from 'react';
import { useBusy } from '../../lib/useBusy';
import { Sheet } from './Sheet';
import { ConfirmButtons } from './SheetButtons';

export interface ActionSheetProps {
  title: string;
  /** The sheet's test id and the prefix of its buttons' (`-cancel`, `-confirm`). */
  testId: string;
  cancel: string;
  confirm: string;
  color?: 'primary' | 'danger';
  disabled?: boolean;
  run: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

export function ActionSheet({
  title,
  testId,
  cancel,
  confirm,
  color,
  disabled,
  run,
  onClose,
  children,
}: ActionSheetProps) {
  // A failure was shown by lib/http; the sheet stays open.
  const { busy, run: start } = useBusy();
  return (
    <Sheet
      visible
      title={title}
      onClose={onClose}
      data-testid={testId}
      footer={
        <ConfirmButtons
          cancel={cancel}
          confirm={confirm}
          color={color}
          onCancel={onClose}
          onConfirm={() => void start(async () => void (await run()))}
          busy={busy}
          disabled={disabled}
          testId={testId}
        />
      }
    >
      {children}
    </Sheet>
  );
}
