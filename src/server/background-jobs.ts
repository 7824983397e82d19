/**
 * Every background job of the server, in one list: each process schedules all of them, and the
 * claim in lib/jobs.ts makes each run once per period across all processes.
 */
import type { JobSpec } from './lib/jobs';
import { mailQueueJob } from './lib/mail-queue';
import { purgeJob } from './lib/purge';
import { agentJob } from './modules/agent/commissions/schedule-agent-jobs';
import { batchSettleJob } from './modules/cards/batch/settle-batches';
import { cardTallyJob } from './modules/cards/list/card-tally';
import { channelDeliveriesJob } from './modules/channels/deliver-channels';
import { liveChangesJob } from './modules/live/purge-live-changes';
import { pushQueueJob } from './modules/live/push-queue';
import { identitySweepJob } from './modules/identity/sweep-identity';
import { subExpiryJob } from './modules/sub-accounts/expire-subs';
import { topupSweepJob } from './modules/topups/orders/sweep-orders';

export const BACKGROUND_JOBS: readonly JobSpec[] = [
  mailQueueJob,
  purgeJob,
  topupSweepJob,
  identitySweepJob,
  agentJob,
  subExpiryJob,
  batchSettleJob,
  pushQueueJob,
  liveChangesJob,
  cardTallyJob,
  channelDeliveriesJob,
];
