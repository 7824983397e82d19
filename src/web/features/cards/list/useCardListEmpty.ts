/**
 * What an empty card list says (issue 18 §3): on first use "No cards yet" with "Open a card" for
 * a user who may open one; under filters, which filters found nothing, by their names.
 */
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@contract/core';
import type { rangeList } from '@contract/cards';
import { usePermission } from '../../../components/ui/Can';
import { useListEmpty } from '../../../components/ui/EmptyState';
import { useGroupTagFacts } from '../../../components/ui/GroupTagFields';
import { formatMoney } from '../../../lib/money';
import { mayOpen } from '../../../lib/permissions';
import type { CardFilterRequest } from './card-filter';
import { CARD_LIST_NS } from './i18n';

export function useCardListEmpty(
  filter: CardFilterRequest,
  choices: ResponseOf<typeof rangeList> | undefined,
  onClear: () => void,
  /** A member's cards on the owner's team page: cards are opened from the owner's own pages. */
  team: boolean,
) {
  const { t } = useTranslation(CARD_LIST_NS);
  const navigate = useNavigate();
  const canOpen = usePermission('card:open') && mayOpen('cardOpen') && !team;
  const groupTagFacts = useGroupTagFacts(filter.groupId, filter.tagId);
  const segment = choices?.segments.find((s) => s.id === filter.segmentId)?.name ?? filter.segmentId;
  const money = (minor: number | undefined) => (minor === undefined ? '' : formatMoney(minor, 'USD'));
  return useListEmpty({
    subject: t('emptySubject'),
    facts: [
      filter.status && { kind: 'is', label: t('filter.status'), value: t(`cards:status.${filter.status}`) },
      filter.segmentId && { kind: 'is', label: t('filter.segment'), value: segment ?? '' },
      filter.label && { kind: 'is', label: t('filter.label'), value: filter.label },
      ...groupTagFacts,
      filter.last4 && { kind: 'is', label: t('filter.last4Fact'), value: filter.last4 },
      { kind: 'is', label: t('filter.minBalanceFact'), value: money(filter.minBalance) },
      { kind: 'is', label: t('filter.maxBalanceFact'), value: money(filter.maxBalance) },
      { kind: 'dates', from: filter.startDate, to: filter.endDate, label: t('filter.openedFact') },
    ],
    firstUse: t('empty'),
    create: canOpen
      ? { label: t('openFirst'), onClick: () => void navigate({ to: '/cardOpen' }) }
      : undefined,
    onClear,
  });
}
