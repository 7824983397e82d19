/**
 * The connectivity banner of the signed-in layout. Offline it says what is true of the open page:
 * that it shows data saved at some time (the page says so through `useShowsSnapshot`, with the
 * data's age) or that it needs the network and will load when the connection returns. When the
 * connection returns it says so briefly. A list that failed to load while online is that list's
 * own error, not this banner's business. A polite live region, so screen readers announce the
 * changes without stealing focus.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/offline';
import { useShownSnapshot } from '../../lib/shown-snapshot';
import { useSavedAge } from './SavedAge';
import { WIDGETS_NS } from './widgets-i18n';
import './offline-banner.css';

/** How long "Back online" stays after the connection returns. */
export const BACK_ONLINE_MS = 3000;

export function OfflineBanner() {
  const { t } = useTranslation(WIDGETS_NS);
  const online = useOnline();
  const shownSavedAt = useShownSnapshot();
  const age = useSavedAge(online ? null : shownSavedAt);
  // Time the connection came back; the "Back online" line shows for BACK_ONLINE_MS after it.
  const [recoveredAt, setRecoveredAt] = useState<number | null>(null);

  useEffect(() => {
    const onOnline = () => setRecoveredAt(Date.now());
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  useEffect(() => {
    if (recoveredAt === null) return;
    const timer = setTimeout(() => setRecoveredAt(null), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [recoveredAt]);

  const state = !online ? 'offline' : recoveredAt !== null ? 'online' : null;
  return (
    <div className="cp-connectivity" role="status" aria-live="polite" data-testid="offline-banner-region">
      {state ? (
        <p
          className={`cp-connectivity__bar cp-connectivity__bar--${state}`}
          data-testid={`${state}-banner`}
          data-shows={state === 'offline' ? (shownSavedAt !== null ? 'saved' : 'nothing') : undefined}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            {state === 'offline' ? (
              <path
                d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            )}
          </svg>
          <span>
            {state === 'online'
              ? t('connectivity.online')
              : shownSavedAt !== null
                ? t('connectivity.offlineSaved', { age })
                : t('connectivity.offlineNothing')}
          </span>
        </p>
      ) : null}
    </div>
  );
}
