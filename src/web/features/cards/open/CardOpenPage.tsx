/**
 * /cardOpen (spec §2 /card, permission 2005001): opening virtual cards — one card, a batch of up
 * to 500, or an Excel import — from the card segments, with the customer's rate plan above. Phone
 * first: one column, the cost under the form; on a wide screen the cost stays beside the form.
 *
 * `?segment=<id>` preselects a segment (the scenario query links here with a suited one); without
 * it the first open segment is chosen, so a quote appears as soon as an amount is typed.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../components/ui/PageIntro';
import { Tabs } from '../../../components/ui/Tabs';
import { cardKeys, loadCoupons, loadSegments } from './api';
import { ImportPanel } from './components/ImportPanel';
import { PlanCard } from './components/PlanCard';
import { CARD_OPEN_NS } from './i18n';
import { OpenForm } from './OpenForm';
import { EMPTY_DRAFT, initialSegment, type OpenDraft } from './open-draft';
import './card-open.css';

type TabKey = 'single' | 'batch' | 'import';

export function CardOpenPage() {
  const { t } = useTranslation(CARD_OPEN_NS);
  const search = useSearch({ strict: false }) as { segment?: unknown };
  const wanted = typeof search.segment === 'string' ? search.segment : undefined;
  const [tab, setTab] = useState<TabKey>('single');
  const [draft, setDraft] = useState<OpenDraft>(EMPTY_DRAFT);

  const segments = useQuery({
    queryKey: cardKeys.segments,
    queryFn: ({ signal }) => loadSegments(signal),
    staleTime: 60_000,
  });
  const coupons = useQuery({
    queryKey: cardKeys.coupons,
    queryFn: ({ signal }) => loadCoupons(signal),
  });

  // Until the customer picks a segment, the form shows (and quotes) the preselected one.
  const shown: OpenDraft = draft.segmentId
    ? draft
    : { ...draft, segmentId: initialSegment(segments.data, wanted) };
  const onDraft = (update: (current: OpenDraft) => OpenDraft) =>
    setDraft((current) => update({ ...current, segmentId: current.segmentId || shown.segmentId }));

  return (
    <div className="cp-page" data-testid="card-open-page">
      <PageIntro title={t('title')} lead={t('lead')} />
      <PlanCard />
      <Tabs<TabKey>
        label={t('tabs.label')}
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'single', title: t('tabs.single') },
          { key: 'batch', title: t('tabs.batch') },
          { key: 'import', title: t('tabs.import') },
        ]}
        data-testid="open-tabs"
      />
      <div className="cp-open__panel">
        {tab === 'import' ? (
          <ImportPanel segments={segments.data} coupons={coupons.data} />
        ) : (
          <OpenForm mode={tab} draft={shown} onDraft={onDraft} segments={segments} coupons={coupons.data} />
        )}
      </div>
    </div>
  );
}
