/** HTTP <-> contract for notices and /api/enum/list. Each handler calls one operation. */
import * as contract from '../../../contract/notices';
import type { Registrar } from '../../lib/route';
import { enumList } from './enum-list';
import { listNotices } from './list-notices';
import { moveNotice } from './move-notice';
import { noticeForUser } from './notice-for-user';
import { readNotice } from './read-notice';
import { readerOf } from './reader';
import { userNotice } from './user-notice';

export function registerNoticesRoutes(register: Registrar): void {
  register(contract.list, (input, call) => listNotices(call.app, readerOf(call), call.lang, input));

  register(contract.page, (input, call) => listNotices(call.app, readerOf(call), call.lang, input));

  register(contract.noticeForUser, (_input, call) => noticeForUser(call.app, readerOf(call), call.lang));

  register(contract.userNotice, (_input, call) => userNotice(call.app, readerOf(call), call.lang));

  register(contract.readNotice, (input, call) => readNotice(call.app, readerOf(call), call.lang, input.id));

  register(contract.moveNotice, (input, call) => moveNotice(call.app, readerOf(call), call.lang, input.id));

  register(contract.enumList, async (input, call) => {
    // Public and cached by the service worker: the answer depends on the language only.
    call.hono.header('Cache-Control', 'public, max-age=3600');
    call.hono.header('Vary', 'Accept-Language');
    return enumList(input.type, call.lang);
  });
}
