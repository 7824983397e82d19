/** Maps of money by currency, in minor units, as the wallet and the overview answer them. */
import type { CurrencyCode } from '../../../contract/core';
import { WALLET_CURRENCIES } from '../account/create-account';

/** Only the currencies that apply to the account: today its wallet currencies, CNY and USD. */
export type CurrencyAmounts = Partial<Record<CurrencyCode, number>>;

export function zeroAmounts(): CurrencyAmounts {
  return Object.fromEntries(WALLET_CURRENCIES.map((currency) => [currency, 0]));
}
