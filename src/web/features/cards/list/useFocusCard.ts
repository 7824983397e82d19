/**
 * `/cardList?card=<id>` (issue 34 §1: the opening's success screen offers the new card): once the
 * card is among the loaded cards it is shown — the card screen on a phone, its actions on a wide
 * screen — once, and `shown` lets the page drop the parameter so a reload or a step back shows the
 * list.
 */
import { useEffect, useRef } from 'react';
import type { CardView } from '@contract/cards';

export function useFocusCard(
  cardId: string | undefined,
  cards: readonly CardView[],
  show: (card: CardView) => void,
  shown: () => void,
) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!cardId || done.current === cardId) return;
    const card = cards.find((one) => one.id === cardId);
    if (!card) return;
    done.current = cardId;
    show(card);
    shown();
  }, [cardId, cards, show, shown]);
}
