/**
 * The shell's notice data (spec §2 Header, §4 "unread to read", §7 Notices): the header list
 * (pageNo=1, pageSize=10, the list in data.data), the per-user banner and first-visit flag, the
 * unread count, and the two state changes — readNotice when a notice is opened, moveNotice for the
 * banner's "I know". The loads follow the header rule (lib/header-load.ts).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  list,
  moveNotice,
  NOTICE_PAGE_SIZE,
  noticeForUser,
  readNotice,
  userNotice,
  type NoticeItem,
} from '../../../contract/notices';
import type { ResponseOf } from '../../../contract/core';
import { headerLoad } from '../../lib/header-load';
import { call } from '../../lib/http';

export const noticeKeys = {
  all: ['notices'] as const,
  list: ['notices', 'list'] as const,
  userNotice: ['notices', 'userNotice'] as const,
  unread: ['notices', 'unread'] as const,
};

export const HEADER_NOTICE_QUERY = { pageNo: 1, pageSize: NOTICE_PAGE_SIZE } as const;

type NoticePage = ResponseOf<typeof list>;
type UserNotice = ResponseOf<typeof userNotice>;

/**
 * The header's notices, newest first. `reload`: fetch again every time the caller mounts — the
 * header mounts its notice area whenever the route becomes /home or /subHome (spec §2).
 */
export function useHeaderNotices({ reload = false }: { reload?: boolean } = {}) {
  return useQuery({
    queryKey: noticeKeys.list,
    queryFn: ({ signal }) =>
      headerLoad(list, HEADER_NOTICE_QUERY, signal, (page) => Array.isArray(page.data)),
    select: (page: NoticePage): NoticeItem[] => page.data,
    refetchOnMount: reload ? 'always' : true,
  });
}

/** `{ banner, firstVisit }`: the scrolling banner's notice and the first-time-user flag. */
export const userNoticeQuery = {
  queryKey: noticeKeys.userNotice,
  queryFn: ({ signal }: { signal: AbortSignal }) => headerLoad(userNotice, {}, signal),
};

export function useUserNotice() {
  return useQuery(userNoticeQuery);
}

/** This user's unread count (the badge of the "more notices" button). */
export function useUnreadCount({ reload = false }: { reload?: boolean } = {}) {
  return useQuery({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => headerLoad(noticeForUser, {}, signal),
    select: (answer) => answer.unread,
    refetchOnMount: reload ? 'always' : true,
  });
}

/** Marks `id` read in the cached list and takes the server's unread count. */
function applyRead(client: QueryClient, id: string, unread: number): void {
  client.setQueryData<NoticePage>(noticeKeys.list, (page) =>
    page
      ? { ...page, data: page.data.map((notice) => (notice.id === id ? { ...notice, read: true } : notice)) }
      : page,
  );
  client.setQueryData<ResponseOf<typeof noticeForUser>>(noticeKeys.unread, (answer) =>
    answer ? { ...answer, unread } : answer,
  );
  // Reading a notice ends the first visit (decisions.md "Notices").
  client.setQueryData<UserNotice>(noticeKeys.userNotice, (state) =>
    state ? { ...state, firstVisit: false } : state,
  );
}

/** Unread to read (spec §4), when a notice is opened. Silent: nothing the user needs to act on. */
export function useReadNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(readNotice, { id }, { silent: true }),
    onSuccess: (answer) => applyRead(client, answer.id, answer.unread),
  });
}

/** The banner's "I know": the notice leaves this user's banner for good, and the next one shows. */
export function useMoveNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(moveNotice, { id }),
    onSuccess: (answer) => {
      applyRead(client, answer.id, answer.unread);
      client.setQueryData<UserNotice>(noticeKeys.userNotice, (state) =>
        state ? { ...state, banner: answer.banner } : { banner: answer.banner, firstVisit: false },
      );
    },
  });
}
