/** Card segments with the caller's prices (spec §7 "Groups and segments"). */
import { groupList, groupOpen, groupOpenAmount } from '../../../contract/segments';
import { principalOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { listSegments } from './list-segments';
import { readOpenAmount } from './read-open-amount';

export function registerSegmentsRoutes(register: Registrar): void {
  // A sub-account user opens cards on the main account's plan: the principal names that account.
  register(groupList, (_input, call) =>
    listSegments(call.app, principalOf(call).accountId, call.lang, { openOnly: false }),
  );
  register(groupOpen, (_input, call) =>
    listSegments(call.app, principalOf(call).accountId, call.lang, { openOnly: true }),
  );
  register(groupOpenAmount, (input, call) =>
    readOpenAmount(call.app, principalOf(call).accountId, input.segmentId),
  );
}
