/** Tags (spec §7 "Tags") plus the designed `tag/editCardTag`. */
import * as contract from '../../../contract/tags';
import { principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { ownerOf } from '../cards/card-access';
import { addTag, listTags, removeTag, renameTag } from './save-tag';
import { editCardTags, removeCardTag } from './tag-cards';

const ownerOfCall = (call: Call) => ownerOf(principalOf(call));

export function registerTagsRoutes(register: Registrar): void {
  register(contract.tagPage, (input, call) => listTags(call.app, ownerOfCall(call), input));
  register(contract.tagAdd, (input, call) => addTag(call.app, ownerOfCall(call), input.name));
  register(contract.tagUpdate, (input, call) => renameTag(call.app, ownerOfCall(call), input));
  register(contract.tagRemove, (input, call) => removeTag(call.app, ownerOfCall(call), input.id));
  register(contract.removeCardTag, (input, call) => removeCardTag(call.app, ownerOfCall(call), input));
  register(contract.editCardTag, (input, call) => editCardTags(call.app, ownerOfCall(call), input));
}
