/** HTTP <-> contract for opening cards: costs, single, batch, progress, Excel template and import, autofill. */
import {
  autoCard,
  batchCard,
  batchOpenCard,
  batchOpenCardCost,
  importData,
  importDataCost,
  importTemplate,
  newCard,
  openCardCost,
} from '../../../contract/cards';
import { principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { generateHolder } from './open/auto-card';
import { mayChangeRules, requireRulesPermission } from '../spending-templates/rules-permission';
import { openBatch } from './batch/batch-open';
import { readBatchResult } from './batch/batch-read';
import { ownerOf } from './card-access';
import { quoteImport } from './import/import-cost';
import { importCards } from './import/import-data';
import { openNewCard } from './open/open-card';
import { quoteOpening } from './open/open-cost';
import { templateResponse } from './import/template-xlsx';

const contextOf = (call: Call) => ({
  key: call.idempotencyKey,
  ip: call.ip,
  device: call.device,
  lang: call.lang,
});

export function registerCardOpenRoutes(register: Registrar): void {
  // Cards are opened on the account's plan and wallet; a sub-account user's cards stay theirs (ownerOf).
  register(openCardCost, (input, call) =>
    quoteOpening(call.app, principalOf(call).accountId, { ...input, count: 1 }),
  );
  register(batchOpenCardCost, (input, call) => quoteOpening(call.app, principalOf(call).accountId, input));

  register(newCard, (input, call) => {
    if (input.spendTemplateId) requireRulesPermission(principalOf(call));
    return openNewCard(call.app, ownerOf(principalOf(call)), input, contextOf(call));
  });
  register(batchOpenCard, (input, call) => {
    if (input.spendTemplateId) requireRulesPermission(principalOf(call));
    return openBatch(call.app, ownerOf(principalOf(call)), input, contextOf(call));
  });
  register(batchCard, (input, call) =>
    readBatchResult(call.app.database.db, ownerOf(principalOf(call)), input.batchId, call.lang),
  );

  register(importTemplate, (_input, call) =>
    templateResponse(call.app, principalOf(call).accountId, call.lang),
  );
  register(importDataCost, (input, call) =>
    quoteImport(call.app, ownerOf(principalOf(call)), input, call.lang),
  );
  register(importData, (input, call) =>
    importCards(
      call.app,
      ownerOf(principalOf(call)),
      { ...input, mayChangeRules: mayChangeRules(principalOf(call)) },
      contextOf(call),
    ),
  );

  register(autoCard, () => Promise.resolve(generateHolder()));
}
