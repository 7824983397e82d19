/** Small display helpers of the card pages: exchange rates (basis points: lib/percent.ts). */

/** 7_150_000 (CNY per unit, in millionths) -> "7.1500". */
export function rateText(rateMicros: number): string {
  const digits = String(Math.trunc(rateMicros)).padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6, -2)}`;
}
