/**
 * The groups tab: every group with its card count, balance and this month's spend, pinned first
 * (the server's order). Per group: spending, rename, pin, export, recharge or delete its cards (on
 * the card list filtered by the group, where the whole-group sheets preview them), delete the
 * group (its cards stay). "Select" picks several groups to merge or to delete at once (issue 34
 * §6; batchRemove, all or nothing).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardGroupView } from '@contract/card-groups';
import {
  cardCountNg,
  cardGroupAdd,
  cardGroupBatchRemove,
  cardGroupPage,
  cardGroupRemove,
  cardGroupUp,
  cardGroupUpdate,
  GROUP_NAME_MAX,
} from '@contract/card-groups';
import { Can } from '../../../components/ui/Can';
import { Money } from '../../../components/ui/Money';
import { productDateTime } from '../../../lib/product-time';
import { invalidateGroupChoices } from '../../../lib/card-groups';
import { call } from '../../../lib/http';
import { toastError, toastSuccess } from '../../../lib/notify';
import { CARD_GROUPS_NS } from '../i18n';
import { ConfirmSheet } from './ConfirmSheet';
import { EmptyState } from '../../../components/ui/EmptyState';
import { GroupExportSheet } from './GroupExportSheet';
import { MergeSheet } from './MergeSheet';
import { NameSheet } from './NameSheet';
import { SpendSheet } from './SpendSheet';

const GROUPS_KEY = ['cardGroups', 'page'] as const;

type Open =
  | { kind: 'add' }
  | { kind: 'rename' | 'remove' | 'export' | 'spend'; group: CardGroupView }
  | { kind: 'merge' | 'removeMany'; groups: CardGroupView[] }
  | null;

export function GroupsTab() {
  const { t } = useTranslation(CARD_GROUPS_NS);
  const client = useQueryClient();
  const groups = useQuery({
    queryKey: GROUPS_KEY,
    queryFn: ({ signal }) => call(cardGroupPage, { pageNo: 1, pageSize: 100 }, { signal }),
  });
  const ungrouped = useQuery({
    queryKey: ['cardGroups', 'ungrouped'],
    queryFn: ({ signal }) => call(cardCountNg, {}, { signal }),
  });
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  // Recharge and delete act on the group's cards: the card list's whole-group sheets (preview,
  // pricing, confirmation) open on the list filtered by the group.
  const actOnCards = (group: CardGroupView, bulk: 'recharge' | 'delete') =>
    void navigate({ to: '/cardList', search: { groupId: group.id, bulk } as never });
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['cardGroups'] });
    invalidateGroupChoices(client);
  };
  const list = groups.data?.data ?? [];

  const toggle = (id: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const pin = async (group: CardGroupView) => {
    try {
      await call(cardGroupUp, { id: group.id, up: group.pinned ? '0' : '1' });
      refresh();
    } catch {
      // Shown by lib/http.
    }
  };

  const startMerge = () => {
    const chosen = list.filter((g) => selected.has(g.id));
    if (chosen.length < 2) return toastError(t('mergeNeedTwo'));
    setOpen({ kind: 'merge', groups: chosen });
  };

  const startRemove = () => {
    const chosen = list.filter((g) => selected.has(g.id));
    if (chosen.length === 0) return toastError(t('removeNeedOne'));
    setOpen({ kind: 'removeMany', groups: chosen });
  };

  return (
    <div className="cp-cg-tab" data-testid="groups-tab">
      <div className="cp-cg-toolbar">
        <Button color="primary" onClick={() => setOpen({ kind: 'add' })} data-testid="group-add">
          {t('add')}
        </Button>
        <Button
          fill="outline"
          onClick={() => {
            setSelecting((s) => !s);
            setSelected(new Set());
          }}
          data-testid="group-select"
        >
          {selecting ? t('selectDone') : t('select')}
        </Button>
        {selecting ? (
          <Button fill="outline" onClick={startMerge} data-testid="group-merge-start">
            {t('merge')} · {t('selected', { count: selected.size })}
          </Button>
        ) : null}
        {selecting ? (
          <Button fill="outline" color="danger" onClick={startRemove} data-testid="group-remove-many-start">
            {t('removeMany', { count: selected.size })}
          </Button>
        ) : null}
        {ungrouped.data ? (
          <span className="cp-cg-muted" data-testid="groups-ungrouped">
            {t('ungrouped', { count: ungrouped.data.count })}
          </span>
        ) : null}
      </div>

      {groups.isError ? (
        <p className="cp-cg-muted">
          {t('loadFailed')}{' '}
          <Button size="mini" onClick={() => void groups.refetch()}>
            {t('retry')}
          </Button>
        </p>
      ) : list.length === 0 && !groups.isPending ? (
        <EmptyState
          message={t('empty')}
          action={{ label: t('add'), onClick: () => setOpen({ kind: 'add' }) }}
          data-testid="groups-empty"
        />
      ) : (
        <ul className="cp-cg-list" data-testid="groups-list">
          {list.map((group) => (
            <li key={group.id} className="cp-cg-item" data-testid="group-row" data-name={group.name}>
              <div className="cp-cg-item__head">
                {selecting ? (
                  <input
                    type="checkbox"
                    className="cp-cg-item__check"
                    aria-label={group.name}
                    checked={selected.has(group.id)}
                    onChange={() => toggle(group.id)}
                    data-testid="group-check"
                  />
                ) : null}
                <h3 className="cp-cg-item__name">
                  {group.name}
                  {group.pinned ? <span className="cp-cg-badge">{t('pinned')}</span> : null}
                </h3>
                <span className="cp-cg-item__count" data-testid="group-count">
                  {t('cards', { count: group.cardCount })}
                </span>
              </div>
              <dl className="cp-cg-item__facts">
                <div>
                  <dt>{t('balance')}</dt>
                  <dd>
                    <Money minor={group.balance} currency={group.currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('monthSpend')}</dt>
                  <dd>
                    <Money minor={group.monthSpend} currency={group.currency} />
                  </dd>
                </div>
                <div>
                  <dt>{t('createdAt')}</dt>
                  <dd data-testid="group-created-at">{productDateTime(group.createdAt)}</dd>
                </div>
                <div>
                  <dt>{t('creator')}</dt>
                  <dd data-testid="group-creator">
                    {group.creatorMember
                      ? t('creatorMember', group.creatorMember)
                      : group.creator === 'main'
                        ? t('creatorMain')
                        : t('creatorGone')}
                  </dd>
                </div>
              </dl>
              <div className="cp-cg-item__actions">
                <Button
                  size="small"
                  fill="none"
                  onClick={() => setOpen({ kind: 'spend', group })}
                  data-testid="group-spend-open"
                >
                  {t('spend')}
                </Button>
                <Button
                  size="small"
                  fill="none"
                  onClick={() => setOpen({ kind: 'rename', group })}
                  data-testid="group-rename"
                >
                  {t('rename')}
                </Button>
                <Button size="small" fill="none" onClick={() => void pin(group)} data-testid="group-pin">
                  {group.pinned ? t('unpin') : t('pin')}
                </Button>
                {/* No file of zero cards: the count beside the name says why there is no export. */}
                {group.cardCount > 0 ? (
                  <Button
                    size="small"
                    fill="none"
                    onClick={() => setOpen({ kind: 'export', group })}
                    data-testid="group-export-open"
                  >
                    {t('export')}
                  </Button>
                ) : null}
                {group.cardCount > 0 ? (
                  <>
                    <Can permission="card:recharge">
                      <Button
                        size="small"
                        fill="none"
                        onClick={() => actOnCards(group, 'recharge')}
                        data-testid="group-cards-recharge"
                      >
                        {t('rechargeCards')}
                      </Button>
                    </Can>
                    <Can permission="card:delete">
                      <Button
                        size="small"
                        fill="none"
                        color="danger"
                        onClick={() => actOnCards(group, 'delete')}
                        data-testid="group-cards-delete"
                      >
                        {t('deleteCards')}
                      </Button>
                    </Can>
                  </>
                ) : null}
                <Button
                  size="small"
                  fill="none"
                  color="danger"
                  onClick={() => setOpen({ kind: 'remove', group })}
                  data-testid="group-remove"
                >
                  {t('removeGroup')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {open?.kind === 'add' ? (
        <NameSheet
          title={t('addTitle')}
          label={t('name')}
          placeholder={t('namePlaceholder')}
          initial=""
          maxLength={GROUP_NAME_MAX}
          requiredKey="validation.nameRequired"
          onSave={async (name) => {
            await call(cardGroupAdd, { name });
            toastSuccess(t('saved'));
            refresh();
          }}
          onClose={() => setOpen(null)}
          testId="group-name"
        />
      ) : null}
      {open?.kind === 'rename' ? (
        <NameSheet
          title={t('renameTitle')}
          label={t('name')}
          placeholder={t('namePlaceholder')}
          initial={open.group.name}
          maxLength={GROUP_NAME_MAX}
          requiredKey="validation.nameRequired"
          onSave={async (name) => {
            await call(cardGroupUpdate, { id: open.group.id, name });
            toastSuccess(t('saved'));
            refresh();
          }}
          onClose={() => setOpen(null)}
          testId="group-name"
        />
      ) : null}
      {open?.kind === 'remove' ? (
        <ConfirmSheet
          title={t('removeTitle')}
          confirm={t('remove')}
          onConfirm={async () => {
            await call(cardGroupRemove, { id: open.group.id });
            toastSuccess(t('removed'));
            refresh();
          }}
          onClose={() => setOpen(null)}
          testId="group-remove-sheet"
        >
          <p>{t('removeText', { name: open.group.name, count: open.group.cardCount })}</p>
        </ConfirmSheet>
      ) : null}
      {open?.kind === 'removeMany' ? (
        <ConfirmSheet
          title={t('removeManyTitle', { count: open.groups.length })}
          confirm={t('remove')}
          onConfirm={async () => {
            const result = await call(cardGroupBatchRemove, { ids: open.groups.map((g) => g.id).join(',') });
            toastSuccess(t('removedMany', { count: result.removed, cards: result.ungrouped }));
            setSelecting(false);
            setSelected(new Set());
            refresh();
          }}
          onClose={() => setOpen(null)}
          testId="group-remove-many-sheet"
        >
          <p>
            {t('removeManyText', {
              count: open.groups.length,
              names: open.groups.map((g) => `“${g.name}”`).join(', '),
              cards: open.groups.reduce((sum, g) => sum + g.cardCount, 0),
            })}
          </p>
        </ConfirmSheet>
      ) : null}
      {open?.kind === 'merge' ? (
        <MergeSheet
          groups={open.groups}
          onDone={() => {
            setSelecting(false);
            setSelected(new Set());
            refresh();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'export' ? <GroupExportSheet group={open.group} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'spend' ? <SpendSheet group={open.group} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
