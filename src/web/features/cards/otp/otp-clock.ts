/** The codes' countdown and how a code is read: shared by the codes sheet and the live banner. */
import { useEffect, useState } from 'react';

/** 154 -> "02:34". */
export function minutesSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** "123456" -> "123 456": easier to read out and to type into a bank's page. */
export function spacedCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** One clock for a list of codes, ticking each second until the last of them expires. */
export function useCodesClock(codes: readonly { expiresAt: number }[]): number {
  const latestExpiry = codes.reduce((max, code) => Math.max(max, code.expiresAt), 0);
  const [now, setNow] = useState(() => Date.now());
  const running = latestExpiry > now;
  useEffect(() => {
    if (!running) return;
    // A clock that stood still meanwhile catches up at once, then ticks every second.
    const catchUp = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, [running, latestExpiry]);
  return now;
}
