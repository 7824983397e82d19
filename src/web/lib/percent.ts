/**
 * Rates in basis points (1 bp = 0.01 %) as the pages show them: 150 -> "1.5%", 1000 -> "10%",
 * 2 -> "0.02%". Written by hand rather than with `Intl.NumberFormat`'s percent style, which gives
 * the same text in both languages but costs more to build than the decline-rate meter that shows
 * it on /home (docs/decisions.md "The home page's first paint").
 */
export function percentOfBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = bp < 0 && whole === 0 ? '-' : '';
  return `${sign}${whole}${rest ? `.${rest}` : ''}%`;
}
