/** Card groups (spec §7 "Card groups") plus the designed `spend` panel and bulk-action `preview`. */
import { fullExportStepUp } from '../cards/export/card-export';
import * as contract from '../../../contract/card-groups';
import { principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { ownerOf } from '../cards/card-access';
import { exportGroup } from './export-group';
import { readGroupSpend } from './group-spend';
import { countGroupCards, countUngrouped, listGroups } from './list-groups';
import { mergeGroups } from './merge-groups';
import { moveCards } from './move-cards';
import { previewAction } from './preview-action';
import { removeGroups } from './remove-groups';
import { addGroup, pinGroup, renameGroup } from './save-group';

const ownerOfCall = (call: Call) => ownerOf(principalOf(call));

export function registerCardGroupsRoutes(register: Registrar): void {
  register(contract.cardGroupPage, (input, call) => listGroups(call.app, ownerOfCall(call), input));
  register(contract.cardCountNg, (_input, call) => countUngrouped(call.app, ownerOfCall(call)));
  register(contract.cardGroupAdd, (input, call) => addGroup(call.app, ownerOfCall(call), input.name));
  register(contract.cardGroupUpdate, (input, call) => renameGroup(call.app, ownerOfCall(call), input));
  register(contract.cardGroupCardCount, (input, call) =>
    countGroupCards(call.app, ownerOfCall(call), input.ids),
  );
  register(contract.cardGroupUp, (input, call) => pinGroup(call.app, ownerOfCall(call), input));
  register(contract.cardGroupRemove, async (input, call) => {
    const { ungrouped } = await removeGroups(call.app, ownerOfCall(call), [input.id]);
    return { ungrouped };
  });
  register(contract.cardGroupBatchRemove, (input, call) =>
    removeGroups(call.app, ownerOfCall(call), input.ids),
  );
  register(contract.cardGroupMerge, (input, call) => mergeGroups(call.app, ownerOfCall(call), input));
  register(contract.editBatchGroup, (input, call) => moveCards(call.app, ownerOfCall(call), input));
  register(contract.editCardGroup, (input, call) =>
    moveCards(call.app, ownerOfCall(call), { cardIds: [input.cardId], gid: input.gid }),
  );
  register(contract.cardGroupDown, (input, call) =>
    exportGroup(call.app, ownerOfCall(call), input, {
      ip: call.ip,
      lang: call.lang,
      fullStepUp: fullExportStepUp(call),
      signal: call.hono.req.raw.signal,
    }),
  );
  register(contract.cardGroupSpend, (input, call) =>
    readGroupSpend(call.app, ownerOfCall(call), input, call.lang),
  );
  register(contract.cardGroupPreview, (input, call) =>
    previewAction(call.app, ownerOfCall(call), input, call.lang),
  );
}
