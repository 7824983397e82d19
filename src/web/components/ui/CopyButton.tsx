/**
 * A "copy" button for a value on screen (a card number, an address, an order number); says
 * whether the copy worked.
 */
import { copyWithNotice } from '../../lib/clipboard';
import { CopyIcon } from './icons';
import './page.css';

export interface CopyButtonProps {
  /** The text to copy; a function is read only when clicked, so a secret is kept nowhere else. */
  value: string | (() => string);
  /** The button's visible words, e.g. "Copy" or "Copy address". */
  text: string;
  /** The accessible name when `text` alone does not say what is copied ("Copy card number"). */
  label?: string;
  /** Said when the browser refused the copy. */
  failed: string;
  'data-testid'?: string;
}

export function CopyButton({ value, text, label, failed, ...rest }: CopyButtonProps) {
  const copy = () => void copyWithNotice(typeof value === 'function' ? value() : value, failed);
  return (
    <button
      type="button"
      className="cp-small-button"
      onClick={copy}
      aria-label={label}
      title={label}
      data-testid={rest['data-testid']}
    >
      <CopyIcon />
      <span>{text}</span>
    </button>
  );
}
