/** How the look-up shows a card and an account's state; nothing here ever sees a full card number. */

/** A card as the console shows it: the last four digits only, behind a mask. */
export function maskedCard(last4: string): string {
  return /^\d{4}$/.test(last4) ? `•••• ${last4}` : '••••';
}

export type CustomerStatus = 'active' | 'frozen' | 'cancelled';

/** The freeze action an account's state allows: none for a closed account (the server refuses it). */
export function freezeAction(status: CustomerStatus): 'freeze' | 'unfreeze' | null {
  if (status === 'active') return 'freeze';
  if (status === 'frozen') return 'unfreeze';
  return null;
}
