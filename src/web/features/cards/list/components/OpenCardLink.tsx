/**
 * "Open a card" on the card list (issue 34 §1): the card tab opens the list, so opening a card is
 * one tap away from it — for whoever may open cards.
 */
import { useTranslation } from 'react-i18next';
import { Can } from '@web/components/ui/Can';
import { CARD_LIST_NS } from '../i18n';

export function OpenCardLink() {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <Can permission="card:open">
      <a href="#/cardOpen" className="cp-cl-open" data-testid="card-list-open">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 5v14M5 12h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        {t('openCard')}
      </a>
    </Can>
  );
}
