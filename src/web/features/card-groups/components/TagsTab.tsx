/** The tags tab: every tag with how many cards carry it; create, rename, delete. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagView } from '@contract/tags';
import { TAG_NAME_MAX, tagAdd, tagPage, tagRemove, tagUpdate } from '@contract/tags';
import { EmptyState } from '../../../components/ui/EmptyState';
import { invalidateGroupChoices } from '../../../lib/card-groups';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { CARD_GROUPS_NS } from '../i18n';
import { ConfirmSheet } from './ConfirmSheet';
import { NameSheet } from './NameSheet';

type Open = { kind: 'add' } | { kind: 'rename' | 'remove'; tag: TagView } | null;

export function TagsTab() {
  const { t } = useTranslation(CARD_GROUPS_NS);
  const client = useQueryClient();
  const tags = useQuery({
    queryKey: ['tags', 'page'],
    queryFn: ({ signal }) => call(tagPage, { pageNo: 1, pageSize: 100 }, { signal }),
  });
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['tags'] });
    invalidateGroupChoices(client);
  };
  const list = tags.data?.data ?? [];
  return (
    <div className="cp-cg-tab" data-testid="tags-tab">
      <div className="cp-cg-toolbar">
        <Button color="primary" onClick={() => setOpen({ kind: 'add' })} data-testid="tag-add">
          {t('tags.add')}
        </Button>
      </div>
      {list.length === 0 && !tags.isPending ? (
        <EmptyState
          message={t('tags.empty')}
          action={{ label: t('tags.add'), onClick: () => setOpen({ kind: 'add' }) }}
          data-testid="tags-empty"
        />
      ) : (
        <ul className="cp-cg-tags" data-testid="tags-list">
          {list.map((tag) => (
            <li key={tag.id} className="cp-cg-tagrow" data-testid="tag-row" data-name={tag.name}>
              <span className="cp-cg-chip">{tag.name}</span>
              <span className="cp-cg-muted">{t('tags.cards', { count: tag.cardCount })}</span>
              <span className="cp-cg-tagrow__actions">
                <Button size="small" fill="none" onClick={() => setOpen({ kind: 'rename', tag })}>
                  {t('rename')}
                </Button>
                <Button
                  size="small"
                  fill="none"
                  color="danger"
                  onClick={() => setOpen({ kind: 'remove', tag })}
                >
                  {t('remove')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {open?.kind === 'add' || open?.kind === 'rename' ? (
        <NameSheet
          title={open.kind === 'add' ? t('tags.addTitle') : t('tags.renameTitle')}
          label={t('tags.name')}
          placeholder={t('tags.namePlaceholder')}
          initial={open.kind === 'rename' ? open.tag.name : ''}
          maxLength={TAG_NAME_MAX}
          requiredKey="tags.nameRequired"
          onSave={async (name) => {
            if (open.kind === 'rename') await call(tagUpdate, { id: open.tag.id, name });
            else await call(tagAdd, { name });
            toastSuccess(t('saved'));
            refresh();
          }}
          onClose={() => setOpen(null)}
          testId="tag-name"
        />
      ) : null}
      {open?.kind === 'remove' ? (
        <ConfirmSheet
          title={t('tags.removeTitle')}
          confirm={t('remove')}
          onConfirm={async () => {
            await call(tagRemove, { id: open.tag.id });
            toastSuccess(t('tags.removed'));
            refresh();
          }}
          onClose={() => setOpen(null)}
          testId="tag-remove-sheet"
        >
          <p>{t('tags.removeText', { name: open.tag.name, count: open.tag.cardCount })}</p>
        </ConfirmSheet>
      ) : null}
    </div>
  );
}
