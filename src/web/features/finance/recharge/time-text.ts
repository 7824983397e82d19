/** "1 hour", "15 minutes": a channel's payment window in words. */
import type { TFunction } from 'i18next';

export function payWindowText(t: TFunction, seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return t('recharge:time.hours', { count: seconds / 3600 });
  return t('recharge:time.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
}
