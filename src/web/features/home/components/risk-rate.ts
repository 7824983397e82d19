/** What the risk notice's wrapper and its lazily loaded card share. */
export const riskNoticeQueryKey = ['cards', 'riskNotice'] as const;

/** Basis points as a percentage in the reader's language: 850 -> "8.5%", 500 -> "5%". */
export function formatRateBp(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}
