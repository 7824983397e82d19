/**
 * Freeze or activate a selection or a whole card group, with a preview first
 * (cardGroup/preview): how many cards change, which are skipped and why (the same state rules the
 * action itself obeys), and the money moved (none for these two). On confirmation the affected
 * cards are changed one by one (card/frozen) with a progress line; a card refused meanwhile is
 * counted as failed and the rest go on.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFrozen } from '@contract/cards';
import { Sheet } from '@web/components/ui/Sheet';
import { ConfirmButtons } from '@web/components/ui/SheetButtons';
import { call } from '@web/lib/http';
import { CARD_LIST_NS } from '../i18n';
import { BulkPreviewView, fetchBulkPreview, type BulkTarget } from './BulkPreview';

export interface BulkStateTarget extends BulkTarget {
  action: 'freeze' | 'activate';
}

export function BulkStateSheet({
  target,
  onClose,
  onDone,
}: {
  target: BulkStateTarget;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(CARD_LIST_NS);
  const preview = useQuery({
    queryKey: ['cards', 'bulkPreview', target],
    gcTime: 0,
    queryFn: ({ signal }) => fetchBulkPreview(target.action, target, { signal }),
  });
  const [progress, setProgress] = useState<{ done: number; failed: number; total: number } | null>(null);
  const running = progress !== null && progress.done + progress.failed < progress.total;

  const run = async () => {
    const affected = preview.data?.affected ?? [];
    let done = 0;
    let failed = 0;
    setProgress({ done, failed, total: affected.length });
    for (const card of affected) {
      try {
        await call(cardFrozen, { cardId: card.id, action: target.action }, { silent: true });
        done += 1;
      } catch {
        failed += 1;
      }
      setProgress({ done, failed, total: affected.length });
    }
    onDone();
  };

  const data = preview.data;
  const finished = progress !== null && !running;
  return (
    <Sheet
      visible
      title={t(`bulk.title.${target.action}`)}
      onClose={running ? () => undefined : onClose}
      data-testid="bulk-state"
      footer={
        finished ? null : (
          <ConfirmButtons
            cancel={t('cancel')}
            confirm={t(`bulk.confirm.${target.action}`, { count: data?.affected.length ?? 0 })}
            onCancel={onClose}
            onConfirm={() => void run()}
            busy={running}
            disabled={!data || data.affected.length === 0}
            color={target.action === 'freeze' ? 'danger' : 'primary'}
            testId="bulk-state"
          />
        )
      }
    >
      {!data ? <p role="status">{t('bulk.loading')}</p> : <BulkPreviewView data={data} />}
      {progress ? (
        <p role="status" aria-live="polite" data-testid="bulk-progress">
          {finished
            ? t('bulk.finished', { done: progress.done, failed: progress.failed })
            : t('bulk.progress', { done: progress.done + progress.failed, total: progress.total })}
        </p>
      ) : null}
    </Sheet>
  );
}
