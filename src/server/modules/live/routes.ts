/** Live stream and Web Push subscriptions (contract/live.ts). */
import { pushStatus, pushSubscribe, pushUnsubscribe, stream } from '../../../contract/live';
import type { Registrar } from '../../lib/route';
import { readPushStatus } from './read-push-status';
import { streamChanges } from './stream-changes';
import { subscribePush } from './subscribe-push';
import { unsubscribePush } from './unsubscribe-push';

export function registerLiveRoutes(register: Registrar): void {
  register(stream, (_input, call) => streamChanges(call));
  register(pushStatus, (_input, call) => readPushStatus(call.app, call.principal!));
  register(pushSubscribe, (input, call) => subscribePush(call.app, call.principal!, call.lang, input));
  register(pushUnsubscribe, (input, call) => unsubscribePush(call.app, call.principal!, input.endpoint));
}
