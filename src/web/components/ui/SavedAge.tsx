/**
 * The age of saved data: "Saved 12 min ago" / "保存于 12 分钟前", kept current while the page is
 * open. The exact time (UTC+8, labelled) is its title, and a tap shows it in place of the age —
 * phones have no hover.
 */
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { productMoment } from '../../lib/product-time';
import { formatSavedAge } from '../../lib/saved-age';
import { WIDGETS_NS } from './widgets-i18n';
import './saved-age.css';

/** How often the age is written again: well under a minute, its smallest step. */
const TICK_MS = 15_000;

function subscribeClock(onTick: () => void): () => void {
  const timer = setInterval(onTick, TICK_MS);
  return () => clearInterval(timer);
}

/**
 * The time to the second (rounded up, so an age is never told short): stable within a render,
 * new at every tick.
 */
function clockNow(): number {
  return Math.ceil(Date.now() / 1000) * 1000;
}

/** The age of `savedAt` in words, kept current while shown. */
export function useSavedAge(savedAt: number | null): string {
  const { t } = useTranslation(WIDGETS_NS);
  const now = useSyncExternalStore(savedAt === null ? subscribeNever : subscribeClock, clockNow);
  return savedAt === null ? '' : formatSavedAge(savedAt, now, t);
}

function subscribeNever(): () => void {
  return () => undefined;
}

interface Props {
  savedAt: number;
  /** Puts the age into the page's sentence; "Saved {{age}}" when not given. */
  phrase?: (age: string) => string;
  'data-testid'?: string;
}

export function SavedAge({ savedAt, phrase, 'data-testid': testId }: Props) {
  const { t, i18n } = useTranslation(WIDGETS_NS);
  const age = useSavedAge(savedAt);
  const [exact, setExact] = useState(false);
  const exactText = t('savedAge.at', { time: productMoment(savedAt, i18n.language) });
  const text = phrase ? phrase(age) : t('savedAge.saved', { age });
  return (
    <button
      type="button"
      className="cp-saved-age"
      title={exactText}
      aria-pressed={exact}
      onClick={() => setExact((shown) => !shown)}
      data-testid={testId}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{exact ? exactText : text}</span>
    </button>
  );
}
