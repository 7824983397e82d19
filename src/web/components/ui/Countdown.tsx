/**
 * Shows a countdown as HH:MM:SS (spec §4 "Countdown"). It starts when mounted; give it a new `key`
 * to start it again.
 */
import { formatHms, useCountdown } from './useCountdown';

export interface CountdownProps {
  seconds: number;
  onDone?: () => void;
  className?: string;
  'data-testid'?: string;
}

export function Countdown({ seconds, onDone, className, ...rest }: CountdownProps) {
  const { left } = useCountdown(onDone, seconds);
  return (
    <span role="timer" className={className} data-testid={rest['data-testid'] ?? 'countdown'}>
      {formatHms(left)}
    </span>
  );
}
