/**
 * The spending-controls sheets, loaded when first opened: their code (and texts) is its own chunk,
 * never in the card list's or the home page's.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const CardSheet = lazy(() =>
  import('./components/SpendingCardSheet').then((m) => ({ default: m.SpendingCardSheet })),
);
const CardsSheet = lazy(() =>
  import('./components/SpendingCardsSheet').then((m) => ({ default: m.SpendingCardsSheet })),
);
const GroupSheet = lazy(() =>
  import('./components/SpendingGroupSheet').then((m) => ({ default: m.SpendingGroupSheet })),
);

export function SpendingCardSheetLazy(props: ComponentProps<typeof CardSheet>) {
  return (
    <Suspense fallback={null}>
      <CardSheet {...props} />
    </Suspense>
  );
}

export function SpendingCardsSheetLazy(props: ComponentProps<typeof CardsSheet>) {
  return (
    <Suspense fallback={null}>
      <CardsSheet {...props} />
    </Suspense>
  );
}

export function SpendingGroupSheetLazy(props: ComponentProps<typeof GroupSheet>) {
  return (
    <Suspense fallback={null}>
      <GroupSheet {...props} />
    </Suspense>
  );
}
