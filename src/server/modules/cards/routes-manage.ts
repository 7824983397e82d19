/**
 * HTTP <-> contract for the card list and every per-card action (issue 5 §3). Each handler calls
 * one operation. The caller's cards are those of its account; a sub-account user's are the cards
 * they opened (card-access.ts ownerOf).
 */
import * as contract from '../../../contract/cards';
import { principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { ownerOf } from './card-access';
import { readCardBalance } from './funds/card-balance';
import { readCardBill } from './history/card-bill';
import { exportCards, fullExportStepUp } from './export/card-export';
import { readCardLog } from './history/card-log';
import { batchDeleteCards, deleteCard } from './lifecycle/delete-cards';
import { revealCard } from './lifecycle/detail-reveal';
import { editAddress } from './lifecycle/edit-address';
import { checkExportCode, sendExportCode } from './export/export-code';
import { freezeOrActivate } from './lifecycle/freeze-card';
import { batchRechargeCards, quoteBatchRecharge } from './funds/batch-recharge';
import { listCards, pageScope, subPageScope } from './list/list-cards';
import { readRangeList } from './list/range-list';
import { quoteRecharge, rechargeCard } from './funds/recharge-card';
import type { CardActor } from './funds/recharge-keys';
import { readReduceAmount, reduceCard } from './funds/reduce-card';

const ownerOfCall = (call: Call) => ownerOf(principalOf(call));

const actorOf = (call: Call): CardActor => ({
  ip: call.ip,
  device: call.device,
  subAccountId: principalOf(call).subAccountId,
});

/** What a money action needs besides its input. */
const moneyOptions = (call: Call) => ({
  idempotencyKey: call.idempotencyKey,
  actor: actorOf(call),
  lang: call.lang,
});

export function registerCardManageRoutes(register: Registrar): void {
  register(contract.cardPage, (input, call) =>
    listCards(call.app, pageScope(principalOf(call)), input, call.lang),
  );

  register(contract.cardPageForSub, (input, call) =>
    listCards(call.app, subPageScope(principalOf(call), input.subAccountId), input, call.lang, {
      withMember: true,
    }),
  );

  register(contract.rangeList, (_input, call) => readRangeList(call.app, ownerOfCall(call), call.lang));

  register(contract.rechargeCost, (input, call) => quoteRecharge(call.app, ownerOfCall(call), input));

  register(contract.cardRecharge, (input, call) =>
    rechargeCard(call.app, ownerOfCall(call), input, moneyOptions(call)),
  );

  register(contract.batchRechargeCost, (input, call) =>
    quoteBatchRecharge(call.app, ownerOfCall(call), input),
  );

  register(contract.batchRecharge, (input, call) =>
    batchRechargeCards(call.app, ownerOfCall(call), input, moneyOptions(call)),
  );

  register(contract.reduceAmount, (input, call) =>
    readReduceAmount(call.app, ownerOfCall(call), input.cardId),
  );

  register(contract.cardReduce, (input, call) =>
    reduceCard(call.app, ownerOfCall(call), input, moneyOptions(call)),
  );

  register(contract.cardFrozen, (input, call) =>
    freezeOrActivate(call.app, ownerOfCall(call), input, { ip: call.ip, lang: call.lang }),
  );

  register(contract.cardDelete, (input, call) =>
    deleteCard(call.app, ownerOfCall(call), input.cardId, moneyOptions(call)),
  );

  register(contract.cardBatchDelete, (input, call) =>
    batchDeleteCards(call.app, ownerOfCall(call), input.cardIds, moneyOptions(call)),
  );

  register(contract.editAddress, (input, call) =>
    editAddress(call.app, ownerOfCall(call), input, { ip: call.ip, lang: call.lang }),
  );

  register(contract.cardLog, (input, call) => readCardLog(call.app, ownerOfCall(call), input));

  register(contract.cardDetail, async (input, call) => {
    const answer = await revealCard(call.app, ownerOfCall(call), input, { ip: call.ip, call });
    // The full number must not stay in any cache on the way or in the browser.
    call.hono.header('Cache-Control', 'no-store');
    return answer;
  });

  register(contract.getCardBalance, (input, call) =>
    readCardBalance(call.app, ownerOfCall(call), input.cardId),
  );

  register(contract.getCardBill, (input, call) =>
    readCardBill(call.app, ownerOfCall(call), input, call.lang),
  );

  register(contract.downGetCode, async (_input, call) => {
    await sendExportCode(call.app, principalOf(call), call.lang);
    return null;
  });

  register(contract.checkCode, async (input, call) => ({
    valid: await checkExportCode(call.app, principalOf(call), input.code),
  }));

  // The request's signal aborts when the client hangs up mid-download (the server adapter sets it).
  // `team=1` or a member: the cards of card/pageForSub (a member's session: its own, whatever it asks).
  register(contract.cardDown, ({ team, subAccountId, ...input }, call) =>
    exportCards(
      call.app,
      ownerOfCall(call),
      (team === '1' || subAccountId
        ? subPageScope(principalOf(call), subAccountId)
        : pageScope(principalOf(call))
      ).where,
      call.lang,
      input,
      { ip: call.ip, fullStepUp: fullExportStepUp(call), signal: call.hono.req.raw.signal },
    ),
  );
}
