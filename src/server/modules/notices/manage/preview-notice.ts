/**
 * The console's preview: the title and body exactly as they would be stored and shown to customers
 * (sanitised), without storing anything.
 */
import { prepareNotice } from '../store-notice';

export function previewNotice(input: {
  title: string;
  msg: string;
}): Promise<{ title: string; msg: string }> {
  return prepareNotice(input);
}
