/**
 * "Contact customer service" wherever it is offered (shell, home, card sheets). The sheet loads on
 * the first opening, so no page pays for it before a customer asks.
 */
import { lazy } from 'react';
import { LoadedOnFirstOpen } from '../ui/LoadedOnFirstOpen';

const ServiceDialogSheet = lazy(() =>
  import('./ServiceDialogSheet').then((m) => ({ default: m.ServiceDialogSheet })),
);

export function ServiceDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <LoadedOnFirstOpen open={visible}>
      <ServiceDialogSheet visible={visible} onClose={onClose} />
    </LoadedOnFirstOpen>
  );
}
