/**
 * The account's own logs. Main account only for now: login_logs cannot yet tell a sub-account user's
 * sign-ins apart, and the sub-account route set has no log page (spec §2).
 */
import { loginLog, operateLog } from '../../../contract/logs';
import { mainAccountOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { readLoginLog } from './read-login-log';
import { readOperateLog } from './read-operate-log';

export function registerLogsRoutes(register: Registrar): void {
  register(loginLog, (input, call) => readLoginLog(call.app, mainAccountOf(call).accountId, input));
  register(operateLog, (input, call) => readOperateLog(call.app, mainAccountOf(call).accountId, input));
}
