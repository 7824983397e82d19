/** Opening, selecting and closing notices; opening an unread notice marks it read (spec §4). */
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useCallback } from 'react';
import type { ResponseOf } from '../../../contract/core';
import type { list } from '../../../contract/notices';
import { noticeKeys, useReadNotice } from './api';
import { CLOSED, noticeDialogAtom } from './atoms';

export function useNoticeDialog() {
  const [state, setState] = useAtom(noticeDialogAtom);
  const client = useQueryClient();
  const { mutate: markRead } = useReadNotice();

  /** Shows `id` in the reading pane (opening the dialog if needed); null goes back to the list. */
  const select = useCallback(
    (id: string | null) => {
      setState({ open: true, selectedId: id });
      if (id === null) return;
      const page = client.getQueryData<ResponseOf<typeof list>>(noticeKeys.list);
      const notice = page?.data.find((item) => item.id === id);
      // Unknown to the list (a banner notice older than the first page): read it all the same.
      if (!notice || !notice.read) markRead(id);
    },
    [client, markRead, setState],
  );

  const close = useCallback(() => setState(CLOSED), [setState]);

  return { ...state, select, close };
}
