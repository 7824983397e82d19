/**
 * Per-bank limits of bank-card top-ups (quick payment), as the issuing banks publish them for
 * ordinary debit cards; the channel's own maximum (CHANNEL_RULES.bank_card) still applies.
 * Minor units of CNY. Names are in locales/<lang>/server.json `topups.banks`.
 */
export interface BankLimit {
  bank: string;
  single: number;
  daily: number;
}

export const BANK_LIMITS: readonly BankLimit[] = [
  { bank: 'icbc', single: 5_000_000, daily: 5_000_000 },
  { bank: 'ccb', single: 5_000_000, daily: 10_000_000 },
  { bank: 'abc', single: 2_000_000, daily: 5_000_000 },
  { bank: 'boc', single: 5_000_000, daily: 5_000_000 },
  { bank: 'bocom', single: 5_000_000, daily: 5_000_000 },
  { bank: 'cmb', single: 5_000_000, daily: 5_000_000 },
  { bank: 'psbc', single: 500_000, daily: 500_000 },
  { bank: 'citic', single: 1_000_000, daily: 1_000_000 },
];
