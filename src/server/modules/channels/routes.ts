/** Messenger channels (contract/channels.ts). */
import {
  channelDeliveries,
  channelList,
  channelRemove,
  channelSave,
  channelTest,
} from '../../../contract/channels';
import type { Registrar } from '../../lib/route';
import { listChannels } from './list-channels';
import { listDeliveries } from './list-deliveries';
import { removeChannel } from './remove-channel';
import { saveChannel } from './save-channel';
import { testChannel } from './test-channel';

export function registerChannelsRoutes(register: Registrar): void {
  register(channelList, (_input, call) => listChannels(call.app, call.principal!));
  register(channelSave, (input, call) => saveChannel(call.app, call.principal!, call.lang, input));
  register(channelRemove, (input, call) => removeChannel(call.app, call.principal!, input.id));
  register(channelTest, (input, call) => testChannel(call.app, call.principal!, input.id));
  register(channelDeliveries, (input, call) => listDeliveries(call.app, call.principal!, input));
}
