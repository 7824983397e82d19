/**
 * The buttons of a sheet's footer. An action spins and is locked while it runs (`busy`), so a
 * second tap cannot start it twice; a sheet that asks before it acts (spec §2: a dialog never acts
 * on a stray tap) puts cancel and confirm side by side.
 */
import Button, { type ButtonProps } from './Button';

export type SheetButtonProps = Omit<ButtonProps, 'block' | 'loading'> & {
  busy?: boolean;
  'data-testid'?: string;
};

/** One action across the whole footer. */
export function SheetButton({
  busy = false,
  disabled = false,
  color = 'primary',
  ...rest
}: SheetButtonProps) {
  return <Button {...rest} block color={color} loading={busy} disabled={busy || disabled} />;
}

export interface ConfirmButtonsProps {
  cancel: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  /** Confirm cannot be pressed (the sheet says why). */
  disabled?: boolean;
  /** The confirm button's colour: danger for what cannot be undone. */
  color?: ButtonProps['color'];
  /** The prefix of the buttons' test ids: `-cancel`, `-confirm`. */
  testId: string;
}

export function ConfirmButtons({
  cancel,
  confirm,
  onCancel,
  onConfirm,
  busy,
  disabled = false,
  color = 'primary',
  testId,
}: ConfirmButtonsProps) {
  return (
    <div className="cp-sheet-buttons">
      <Button block fill="outline" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
        {cancel}
      </Button>
      <SheetButton
        color={color}
        busy={busy}
        disabled={disabled}
        onClick={onConfirm}
        data-testid={`${testId}-confirm`}
      >
        {confirm}
      </SheetButton>
    </div>
  );
}
