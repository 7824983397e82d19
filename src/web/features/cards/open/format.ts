/** Small display helpers of the card pages: rates in basis points, exchange rates. */

/** 150 -> "1.5%", 1000 -> "10%", 2 -> "0.02%". Basis points: 1 bp = 0.01 %. */
export function percentOfBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = bp < 0 && whole === 0 ? '-' : '';
  return `${sign}${whole}${rest ? `.${rest}` : ''}%`;
}

/** 7_150_000 (CNY per unit, in millionths) -> "7.1500". */
export function rateText(rateMicros: number): string {
  const digits = String(Math.trunc(rateMicros)).padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6, -2)}`;
}
