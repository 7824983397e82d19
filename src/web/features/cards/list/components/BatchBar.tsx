/**
 * The bar of the selection mode: how many cards are ticked, "select all loaded", and the batch
 * actions (move to group, tags, freeze, activate, recharge, delete). It sticks to the bottom of the screen, above the phone's tab bar.
 */
import Button from '@web/components/ui/Button';
import { useTranslation } from 'react-i18next';
import { Can } from '@web/components/ui/Can';
import { CARD_LIST_NS } from '../i18n';

export interface BatchBarProps {
  count: number;
  onSelectAll: () => void;
  onClear: () => void;
  onRecharge: () => void;
  onDelete: () => void;
  /** Card groups and tags (issue 15). */
  onGroup: () => void;
  onTags: () => void;
  /** Spending rules on the selection (issue 33). */
  onSpending: () => void;
  onFreeze: () => void;
  onActivate: () => void;
}

export function BatchBar({
  count,
  onSelectAll,
  onClear,
  onRecharge,
  onDelete,
  onGroup,
  onTags,
  onSpending,
  onFreeze,
  onActivate,
}: BatchBarProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <div className="cp-cl-batch" role="region" aria-label={t('batch.label')} data-testid="batch-bar">
      <span className="cp-cl-batch__count" aria-live="polite" data-testid="batch-count">
        {t('batch.selected', { count })}
      </span>
      <span className="cp-cl-batch__links">
        <button type="button" className="cp-text-link" onClick={onSelectAll} data-testid="batch-select-all">
          {t('batch.selectAll')}
        </button>
        {count > 0 ? (
          <button type="button" className="cp-text-link" onClick={onClear} data-testid="batch-clear">
            {t('batch.clear')}
          </button>
        ) : null}
      </span>
      <span className="cp-cl-batch__actions">
        <Can permission="card:groupsManage">
          <Button
            size="small"
            fill="outline"
            disabled={count === 0}
            onClick={onGroup}
            data-testid="batch-group"
          >
            {t('batch2.group')}
          </Button>
        </Can>
        <Can permission="card:tagsManage">
          <Button
            size="small"
            fill="outline"
            disabled={count === 0}
            onClick={onTags}
            data-testid="batch-tags"
          >
            {t('batch2.tags')}
          </Button>
        </Can>
        <Can permission="card:limits">
          <Button
            size="small"
            fill="outline"
            disabled={count === 0}
            onClick={onSpending}
            data-testid="batch-spending"
          >
            {t('batch2.spending')}
          </Button>
        </Can>
        <Can permission="card:freeze">
          <Button
            size="small"
            fill="outline"
            disabled={count === 0}
            onClick={onFreeze}
            data-testid="batch-freeze"
          >
            {t('batch2.freeze')}
          </Button>
        </Can>
        <Can permission="card:freeze">
          <Button
            size="small"
            fill="outline"
            disabled={count === 0}
            onClick={onActivate}
            data-testid="batch-activate"
          >
            {t('batch2.activate')}
          </Button>
        </Can>
        <Can permission="card:recharge">
          <Button
            size="small"
            color="primary"
            disabled={count === 0}
            onClick={onRecharge}
            data-testid="batch-recharge"
          >
            {t('batch.recharge')}
          </Button>
        </Can>
        <Can permission="card:delete">
          <Button
            size="small"
            color="danger"
            fill="outline"
            disabled={count === 0}
            onClick={onDelete}
            data-testid="batch-delete"
          >
            {t('batch.delete')}
          </Button>
        </Can>
      </span>
    </div>
  );
}
