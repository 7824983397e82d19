/** Spending controls (issue 33): a card's rules and a group's monthly budget. */
import * as contract from '../../../contract/spending';
import { principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { ownerOf } from '../cards/card-access';
import { readCardSpend } from './card-spend-view';
import { readGroupBudget, setGroupBudget } from './group-budget';
import { setCardRules } from './set-card-rules';

const ownerOfCall = (call: Call) => ownerOf(principalOf(call));
const auditInto = (call: Call) => (detail: Record<string, unknown>) => {
  call.auditDetail = detail;
};

export function registerSpendingRoutes(register: Registrar): void {
  register(contract.cardSpendRulesGet, (input, call) =>
    readCardSpend(call.app, ownerOfCall(call), input.cardId),
  );
  register(contract.cardSpendRulesSet, (input, call) =>
    setCardRules(call.app, ownerOfCall(call), input, auditInto(call)),
  );
  register(contract.groupBudgetGet, (input, call) => readGroupBudget(call.app, ownerOfCall(call), input.id));
  register(contract.groupBudgetSet, (input, call) =>
    setGroupBudget(call.app, ownerOfCall(call), input, auditInto(call)),
  );
}
