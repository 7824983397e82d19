/**
 * The busy state of a sheet's or form's action: `run` sets `busy` while the action runs, so the
 * button spins and a second tap cannot start it twice. A failure goes to `onError` — by default
 * nowhere: the HTTP layer has already said why, and what the customer typed stays as it is.
 */
import { useState } from 'react';

export function useBusy() {
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, onError?: (error: unknown) => void): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onError?.(error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
