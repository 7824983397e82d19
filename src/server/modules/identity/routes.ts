/** Identity verification (spec §7 "Identity"): the main account's order, its status, answers, uploads. */
import { identityAnswer, identityGetStatus, identityOrder, identityUpload } from '../../../contract/identity';
import { mainAccountOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { storeUpload } from '../files/store-upload';
import { answerItem } from './answer-item';
import { readIdentityStatus } from './order-view';
import { saveOrder } from './save-order';

export function registerIdentityRoutes(register: Registrar): void {
  register(identityGetStatus, async (_input, call) =>
    readIdentityStatus(call.app, call.app.database.db, mainAccountOf(call).accountId),
  );
  register(identityOrder, async (input, call) => saveOrder(call.app, mainAccountOf(call).accountId, input));
  register(identityAnswer, async (input, call) => answerItem(call.app, mainAccountOf(call).accountId, input));
  register(identityUpload, async (input, call) =>
    storeUpload(call.app, { accountId: mainAccountOf(call).accountId, purpose: 'identity_doc' }, input.file),
  );
}
