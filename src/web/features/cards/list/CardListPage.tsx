/**
 * /cardList (spec §2 /card, issue 5 §3): the customer's cards with filters, export, every
 * per-card action, selection for batch recharge and delete, and the "3DS codes" screen one tap
 * away. Phones get a list of card tiles (tap a tile for the card screen — the card as a picture,
 * swiped between cards, with its frequent actions — and pull down to refresh), wide screens a table. Both are windowed and load card/page 100 at a time while scrolling, so an
 * account with 10,000 cards keeps a few dozen rows in the DOM.
 */
import Button from '../../../components/ui/Button';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { Can, usePermission } from '../../../components/ui/Can';
import { PULL_THRESHOLD, usePullToRefresh } from '../../../components/ui/DataList.pull';
import { EmptyState } from '../../../components/ui/EmptyState';
import { FilterPanel } from '../../../components/ui/FilterPanel';
import { NO_GROUP } from '../../../lib/card-groups';
import { PageIntro } from '../../../components/ui/PageIntro';
import { useMediaQuery, WIDE_QUERY } from '../../../components/ui/useMediaQuery';
import { ensureOnline, useOnline } from '../../../lib/offline';
import { useShowsSnapshot } from '../../../lib/shown-snapshot';
import { useFilterForm } from '../../../lib/useFilterForm';
import { LiveCodeBadge } from '../../../components/ui/LiveCodeBadge';
import { OtpSheet } from '../otp/OtpSheet';
import { BatchDeleteSheet } from './actions/BatchDeleteSheet';
import { BatchRechargeSheet } from './actions/BatchRechargeSheet';
import type { BulkTarget } from './actions/BulkPreview';
import { BulkStateSheet } from './actions/BulkStateSheet';
import { MoveGroupSheet } from './actions/MoveGroupSheet';
import { TagCardsSheet } from './actions/TagCardsSheet';
import { useGroupChoices } from '@web/lib/card-groups';
import { SpendingCardsSheetLazy, SpendingGroupSheetLazy } from '../spending/lazy';
import {
  activeFilterCount,
  EMPTY_CARD_FILTER,
  filterProblem,
  requestOf,
  type CardFilterProblem,
} from './card-filter';
import { BatchBar } from './components/BatchBar';
import { CardActionHost, type ActiveAction } from './components/CardActionHost';
import { CardActionsSheet } from './components/CardActionsSheet';
import { CardExportSheet } from './components/CardExportSheet';
import { CardFilters } from './components/CardFilters';
import { CardScreen } from './components/CardScreen';
import { OpenCardLink } from './components/OpenCardLink';
import { useFocusCard } from './useFocusCard';
import { SavedCards } from './components/SavedCards';
import { CardTable } from './components/CardTable';
import { CardTiles } from './components/CardTiles';
import type { CardAction, CardRowsProps } from './components/card-rows';
import { CARD_LIST_NS } from './i18n';
import { MemberPicker } from '../team/MemberPicker';
import { TEAM_CARDS_NS } from '../team/team-i18n';
import { OWN_CARDS, useCardList, useCardPatcher, useRangeList, type CardScope } from './useCardList';
import { failedForNoAnswer, useSavedCards } from './useSavedCards';
import { useCardListEmpty } from './useCardListEmpty';
import { OVERSCAN_ROWS } from './useWindowedRows';
import './card-list.css';

/** The decline-rate meter, loaded after the list's own code. */
const DeclineRateMeter = lazy(() => import('../../../components/ui/DeclineRateMeter'));

export interface CardListPageProps {
  /**
   * The owner's team page (/subCardList): the cards of the sub-accounts (card/pageForSub), all or
   * one member's (`subAccountId`, '' for all), with the same filters, actions and export (cardDown
   * with the same team scope).
   */
  team?: { subAccountId: string };
  /**
   * Where a link started the list (/cardGroup's "Recharge" and "Delete cards" on a group): the
   * list filtered by that group, with that whole-group action's sheet open.
   */
  start?: { groupId: string; bulk?: 'recharge' | 'delete' | undefined };
  /** Open the 3-D Secure codes at once (`?otp=1`: a push, the manifest shortcut, home's entry). */
  openCodes?: boolean;
  /** Show this card at once (`?card=<id>`: the opening's success screen leads to the new card). */
  focusCard?: string | undefined;
  /** The focused card was shown (the page drops `?card=`). */
  onFocused?: () => void;
}

/**
 * /cardList; `?groupId=` filters by a group, `&bulk=recharge|delete` opens its whole-group sheet,
 * `?otp=1` opens the 3-D Secure codes.
 */
export function CardListPage() {
  const search = useSearch({ strict: false }) as {
    groupId?: unknown;
    bulk?: unknown;
    otp?: unknown;
    card?: unknown;
  };
  const groupId = typeof search.groupId === 'string' && search.groupId ? search.groupId : null;
  const bulk = search.bulk === 'recharge' || search.bulk === 'delete' ? search.bulk : undefined;
  const openCodes = search.otp === 1 || search.otp === '1';
  // The sheet opens once: a reload or a step back shows the group's cards, not the sheet again.
  const navigate = useNavigate();
  useEffect(() => {
    if (groupId && bulk) void navigate({ to: '/cardList', search: { groupId } as never, replace: true });
  }, [groupId, bulk, navigate]);
  useEffect(() => {
    if (openCodes) void navigate({ to: '/cardList', search: {} as never, replace: true });
  }, [openCodes, navigate]);
  const focusCard = typeof search.card === 'string' && search.card ? search.card : undefined;
  const onFocused = useCallback(
    () => void navigate({ to: '/cardList', search: {} as never, replace: true }),
    [navigate],
  );
  return (
    <CardList
      start={groupId ? { groupId, bulk } : undefined}
      openCodes={openCodes}
      focusCard={focusCard}
      onFocused={onFocused}
    />
  );
}

function noop() {}

/** The card list of /cardList, or of the owner's team page /subCardList (`team`). */
export function CardList({ team, start, openCodes, focusCard, onFocused }: CardListPageProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const member = team?.subAccountId;
  const scope = useMemo<CardScope>(
    () => (member === undefined ? OWN_CARDS : { team: true, subAccountId: member }),
    [member],
  );
  const wide = useMediaQuery(WIDE_QUERY);
  const { draft, applied, problem, change, ...form } = useFilterForm({
    initial: start ? { ...EMPTY_CARD_FILTER, groupId: start.groupId } : EMPTY_CARD_FILTER,
    empty: EMPTY_CARD_FILTER,
    problemOf: filterProblem,
    requestOf,
    // A balance range is one problem: fixing either end settles it.
    settles: (found: CardFilterProblem, field) =>
      field.endsWith('Balance') && found.field.endsWith('Balance'),
  });
  const filter = useMemo(() => requestOf(applied), [applied]);
  const list = useCardList(filter, scope);
  const choices = useRangeList();
  const patch = useCardPatcher();
  const canExport = usePermission('card:export');
  const emptyState = useCardListEmpty(filter, choices.data, form.clear, Boolean(team));
  const online = useOnline();
  // Offline, or when the request found no server, the default view of the user's own cards
  // stands in from its saved copy (read only, dated); the banner is told so.
  const saved = useSavedCards(
    { firstPage: list.data?.pages[0], loadedAt: list.dataUpdatedAt },
    !team && activeFilterCount(applied) === 0,
  );
  useShowsSnapshot(!online && saved ? saved.savedAt : null);

  const [menuCard, setMenuCard] = useState<CardView | null>(null);
  /** The phone's card screen: the card it shows (swiping moves it through `cards`). */
  const [screenId, setScreenId] = useState<string | null>(null);
  const [active, setActive] = useState<ActiveAction | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, CardView>>(new Map());
  const [batch, setBatch] = useState<'recharge' | 'delete' | 'group' | 'tags' | 'spending' | null>(null);
  /** The group whose spending controls are open (issue 33). */
  const [spendingGroup, setSpendingGroup] = useState<string | null>(null);
  const groupChoices = useGroupChoices(spendingGroup !== null);
  const groupName = (id: string) => groupChoices.data?.find((group) => group.id === id)?.name ?? '';
  const [bulk, setBulk] = useState<BulkTarget | null>(
    start?.bulk ? { action: start.bulk, groupId: start.groupId } : null,
  );
  const [exporting, setExporting] = useState(false);
  const [pool, setPool] = useState(openCodes === true);
  // Asked again while the list is open (a tapped push): the codes open again.
  const [codesAsked, setCodesAsked] = useState(openCodes === true);
  if ((openCodes === true) !== codesAsked) {
    setCodesAsked(openCodes === true);
    if (openCodes) setPool(true);
  }

  const pull = usePullToRefresh(wide ? undefined : list.reload);
  const { cards, total = 0, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useFocusCard(focusCard, cards, wide ? setMenuCard : (card) => setScreenId(card.id), onFocused ?? noop);

  const search = () => form.search(() => void list.reload());

  // Loads the next page while the rendered rows come within reach of the end of what is loaded.
  // After a failed page it waits for the "Load more" button instead of retrying in a loop.
  const onRangeEnd = useCallback(
    (end: number) => {
      if (
        end >= cards.length - OVERSCAN_ROWS * 2 &&
        hasNextPage &&
        !isFetchingNextPage &&
        !isFetchNextPageError
      )
        void fetchNextPage();
    },
    [cards.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  );

  const toggle = useCallback((card: CardView) => {
    if (card.status === 'deleted') return;
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(card.id)) next.delete(card.id);
      else next.set(card.id, card);
      return next;
    });
  }, []);

  const selectAll = () =>
    setSelected(new Map(cards.filter((card) => card.status !== 'deleted').map((card) => [card.id, card])));

  const endSelection = () => {
    setSelecting(false);
    setSelected(new Map());
  };

  const onAction = useCallback((card: CardView, action: CardAction) => {
    setMenuCard(null);
    setActive({ card, action });
  }, []);

  const rowsProps: CardRowsProps = {
    cards,
    total,
    caption: t('caption'),
    selecting,
    selected: new Set(selected.keys()),
    onToggle: toggle,
    // A tap on a phone tile opens the card screen; "More" on a table row the list of actions.
    onOpen: wide ? setMenuCard : (card: CardView) => setScreenId(card.id),
    onAction,
    onRangeEnd,
    showMember: Boolean(team),
  };

  // Filtered by one group: its cards can be frozen, activated, recharged or deleted as a whole,
  // each with a preview.
  const wholeGroup = applied.groupId && applied.groupId !== NO_GROUP ? applied.groupId : null;

  return (
    <div className="cp-page cp-cl" data-testid="card-list-page" data-scope={team ? 'team' : 'own'}>
      <PageIntro
        title={team ? t(`${TEAM_CARDS_NS}:cards.title`) : t('title')}
        lead={team ? t(`${TEAM_CARDS_NS}:cards.intro`) : t('intro')}
      >
        <span className="cp-cl-intro-actions">
          <Can permission="card:otp">
            <button
              type="button"
              className="cp-cl-3ds"
              onClick={() => ensureOnline() && setPool(true)}
              data-testid="open-3ds"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                />
                <path
                  d="M9 12l2 2 4-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              {t('otp.button')}
              <LiveCodeBadge testId="open-3ds-badge" />
            </button>
          </Can>
          {team ? null : <OpenCardLink />}
        </span>
      </PageIntro>

      {team ? (
        <MemberPicker path="/subCardList" />
      ) : (
        <Suspense fallback={null}>
          <DeclineRateMeter />
        </Suspense>
      )}

      {online ? (
        <>
          <FilterPanel
            onSearch={search}
            onClear={form.clear}
            // Zero cards are not worth a file: the export is offered once the list holds something.
            onExport={canExport && total > 0 ? () => setExporting(true) : undefined}
            activeCount={activeFilterCount(applied)}
            searching={list.isFetching && !isFetchingNextPage}
            label={t('filter.title')}
            data-testid="card-filter"
          >
            <CardFilters draft={draft} onChange={change} problem={problem} choices={choices.data} />
          </FilterPanel>

          <div className="cp-cl-toolbar">
            <span className="cp-cl-toolbar__total" data-testid="card-total">
              {list.data ? t('total', { count: total }) : ''}
            </span>
            <span className="cp-cl-toolbar__actions">
              <Button
                size="small"
                fill={selecting ? 'solid' : 'outline'}
                color={selecting ? 'primary' : 'default'}
                onClick={() => (selecting ? endSelection() : setSelecting(true))}
                aria-pressed={selecting}
                data-testid="toggle-select"
              >
                {selecting ? t('select.done') : t('select.start')}
              </Button>
              {wholeGroup ? (
                <>
                  <Can permission="card:limits">
                    <Button
                      size="small"
                      fill="outline"
                      onClick={() => setSpendingGroup(wholeGroup)}
                      data-testid="group-spending"
                    >
                      {t('batch2.spendingGroup')}
                    </Button>
                  </Can>
                  <Can permission="card:freeze">
                    <Button
                      size="small"
                      fill="outline"
                      onClick={() => setBulk({ action: 'freeze', groupId: wholeGroup })}
                      data-testid="group-freeze"
                    >
                      {t('batch2.freezeGroup')}
                    </Button>
                  </Can>
                  <Can permission="card:freeze">
                    <Button
                      size="small"
                      fill="outline"
                      onClick={() => setBulk({ action: 'activate', groupId: wholeGroup })}
                      data-testid="group-activate"
                    >
                      {t('batch2.activateGroup')}
                    </Button>
                  </Can>
                  <Can permission="card:recharge">
                    <Button
                      size="small"
                      fill="outline"
                      onClick={() => setBulk({ action: 'recharge', groupId: wholeGroup })}
                      data-testid="group-recharge"
                    >
                      {t('batch2.rechargeGroup')}
                    </Button>
                  </Can>
                  <Can permission="card:delete">
                    <Button
                      size="small"
                      fill="outline"
                      color="danger"
                      onClick={() => setBulk({ action: 'delete', groupId: wholeGroup })}
                      data-testid="group-delete"
                    >
                      {t('batch2.deleteGroup')}
                    </Button>
                  </Can>
                </>
              ) : null}
              <Button
                size="small"
                fill="outline"
                onClick={() => void list.reload()}
                disabled={list.isFetching}
                data-testid="card-refresh"
              >
                {t('refresh')}
              </Button>
            </span>
          </div>

          <div className="cp-cl-pull-area" {...(wide ? {} : pull.handlers)} aria-busy={list.isFetching}>
            {pull.state !== 'idle' ? (
              <div
                className="cp-cl-pull"
                style={{ height: pull.state === 'refreshing' ? PULL_THRESHOLD * 0.75 : pull.distance }}
                role="status"
                data-testid="card-pull"
              >
                {t(
                  pull.state === 'refreshing'
                    ? 'pull.refreshing'
                    : pull.state === 'armed'
                      ? 'pull.release'
                      : 'pull.pull',
                )}
              </div>
            ) : null}

            {list.isPending ? (
              <div className="cp-cl-skeleton" role="status" data-testid="card-list-loading">
                <span className="cp-visually-hidden">{t('loading')}</span>
                {[0, 1, 2].map((i) => (
                  <div key={i} className="cp-shimmer cp-cl-skeleton__row" aria-hidden="true" />
                ))}
              </div>
            ) : list.isError && cards.length === 0 ? (
              <>
                <div className="cp-cl-empty" role="alert" data-testid="card-list-failed">
                  <p>{t('loadFailed')}</p>
                  <Button size="small" color="primary" onClick={() => void list.refetch()}>
                    {t('retry')}
                  </Button>
                </div>
                {/* No server answered: the saved copy, dated, under the failure (never "offline"). */}
                {saved && failedForNoAnswer(list.error) ? <SavedCards saved={saved} wide={wide} /> : null}
              </>
            ) : cards.length === 0 ? (
              <EmptyState
                message={emptyState.empty}
                action={emptyState.emptyAction}
                filtered={emptyState.emptyFiltered}
                data-testid="card-list-empty"
              />
            ) : wide ? (
              <CardTable {...rowsProps} />
            ) : (
              <CardTiles {...rowsProps} />
            )}

            {cards.length > 0 && (hasNextPage || isFetchingNextPage) ? (
              <div className="cp-cl-more">
                {isFetchNextPageError ? (
                  <Button
                    size="small"
                    fill="outline"
                    onClick={() => void fetchNextPage()}
                    data-testid="card-more"
                  >
                    {t('loadMore')}
                  </Button>
                ) : (
                  <span role="status">{t('loadingMore')}</span>
                )}
              </div>
            ) : null}
          </div>

          {selecting ? (
            <BatchBar
              count={selected.size}
              onSelectAll={selectAll}
              onClear={() => setSelected(new Map())}
              onRecharge={() => setBatch('recharge')}
              onDelete={() => setBatch('delete')}
              onGroup={() => setBatch('group')}
              onTags={() => setBatch('tags')}
              onSpending={() => setBatch('spending')}
              onFreeze={() => setBulk({ action: 'freeze', cardIds: [...selected.keys()] })}
              onActivate={() => setBulk({ action: 'activate', cardIds: [...selected.keys()] })}
            />
          ) : null}
        </>
      ) : (
        <SavedCards saved={saved} wide={wide} />
      )}

      <CardActionsSheet card={menuCard} onClose={() => setMenuCard(null)} onAction={onAction} />
      {wide ? null : (
        <CardScreen
          cards={cards}
          total={total}
          cardId={screenId}
          hidden={active !== null}
          onMove={setScreenId}
          onClose={() => setScreenId(null)}
          onAction={(card, action) => setActive({ card, action })}
          onRangeEnd={onRangeEnd}
        />
      )}
      <CardActionHost active={active} onClose={() => setActive(null)} onChanged={patch} />

      {batch === 'recharge' ? (
        <BatchRechargeSheet
          scope={{ cards: [...selected.values()] }}
          onClose={() => setBatch(null)}
          onDone={(changed) => {
            patch(changed);
            setBatch(null);
            endSelection();
          }}
        />
      ) : null}
      {batch === 'delete' ? (
        <BatchDeleteSheet
          scope={{ cards: [...selected.values()] }}
          onClose={() => setBatch(null)}
          onDone={() => {
            setBatch(null);
            endSelection();
            void list.reload();
          }}
        />
      ) : null}
      {batch === 'group' || batch === 'tags'
        ? (() => {
            const Chosen = batch === 'group' ? MoveGroupSheet : TagCardsSheet;
            return (
              <Chosen
                cards={[...selected.values()]}
                onClose={() => setBatch(null)}
                onDone={() => {
                  setBatch(null);
                  endSelection();
                  void list.reload();
                }}
              />
            );
          })()
        : null}
      {batch === 'spending' ? (
        <SpendingCardsSheetLazy
          cards={[...selected.values()]}
          onClose={() => setBatch(null)}
          onDone={() => {
            setBatch(null);
            endSelection();
          }}
        />
      ) : null}
      {spendingGroup ? (
        <SpendingGroupSheetLazy
          groupId={spendingGroup}
          name={groupName(spendingGroup)}
          onClose={() => setSpendingGroup(null)}
        />
      ) : null}
      {bulk?.action === 'recharge' && bulk.groupId ? (
        <BatchRechargeSheet
          scope={{ groupId: bulk.groupId }}
          onClose={() => setBulk(null)}
          onDone={(changed) => {
            patch(changed);
            setBulk(null);
          }}
        />
      ) : null}
      {bulk?.action === 'delete' && bulk.groupId ? (
        <BatchDeleteSheet
          scope={{ groupId: bulk.groupId }}
          onClose={() => setBulk(null)}
          onDone={() => {
            setBulk(null);
            void list.reload();
          }}
        />
      ) : null}
      {bulk && (bulk.action === 'freeze' || bulk.action === 'activate') ? (
        <BulkStateSheet
          target={{ ...bulk, action: bulk.action }}
          onClose={() => setBulk(null)}
          onDone={() => {
            endSelection();
            void list.reload();
          }}
        />
      ) : null}
      {exporting ? (
        <CardExportSheet
          filter={filter}
          total={list.data ? total : undefined}
          team={team}
          onClose={() => setExporting(false)}
        />
      ) : null}
      <OtpSheet visible={pool} onClose={() => setPool(false)} />
    </div>
  );
}
