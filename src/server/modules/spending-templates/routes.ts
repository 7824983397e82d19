/** Spending-rule templates and the preview of a proposed rule set (issue 33 §3, §5). */
import * as contract from '../../../contract/spending-templates';
import { principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { ownerOf } from '../cards/card-access';
import { previewRules } from './preview-rules';
import { listTemplates, removeTemplate, saveTemplate } from './save-template';
import { setRulesBulk } from './set-rules-bulk';

const ownerOfCall = (call: Call) => ownerOf(principalOf(call));

export function registerSpendingTemplatesRoutes(register: Registrar): void {
  register(contract.spendingTemplateList, (_input, call) => listTemplates(call.app, ownerOfCall(call)));
  register(contract.spendingTemplateSave, (input, call) => saveTemplate(call.app, ownerOfCall(call), input));
  register(contract.spendingTemplateRemove, (input, call) =>
    removeTemplate(call.app, ownerOfCall(call), input.id),
  );
  register(contract.setRulesBulk, (input, call) =>
    setRulesBulk(call.app, ownerOfCall(call), input, { ip: call.ip, device: call.device }),
  );
  register(contract.spendingPreview, (input, call) => previewRules(call.app, ownerOfCall(call), input));
}
