/**
 * The Prometheus figures (issue 28 §6): requests by matched route and status, job runs, the mail
 * queue's outcomes, served as text on their own port and never on the portal's.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/harness';
import { createTestApp, uniqueEmail } from '../testing/harness';
import { runJobIfDue } from './jobs';
import { drainMailQueue, enqueueMail, mailQueueJob, settleMailQueue } from './mail-queue';
import {
  counterValue,
  jobRunsTotal,
  mailQueueTotal,
  processMetrics,
  requestsTotal,
  serveMetrics,
} from './metrics';

let t: TestApp;
let server: Server;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  server = await serveMetrics(processMetrics(), '127.0.0.1', 0);
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('Prometheus figures', () => {
  it('count requests by method, matched route and status', async () => {
    const before = await counterValue(requestsTotal, { method: 'GET', route: '/api/health', status: 200 });
    await t.raw('/api/health');
    await t.raw('/api/health');
    expect(await counterValue(requestsTotal, { method: 'GET', route: '/api/health', status: 200 })).toBe(
      before + 2,
    );
  });

  it('count job runs and the mail queue’s outcomes', async () => {
    const runsBefore = await counterValue(jobRunsTotal, { job: 'mail-queue', outcome: 'ok' });
    expect(await runJobIfDue(t.ctx, mailQueueJob, 'metrics-test')).toBe(true);
    expect(await counterValue(jobRunsTotal, { job: 'mail-queue', outcome: 'ok' })).toBe(runsBefore + 1);

    await settleMailQueue(t.ctx);
    const sentBefore = await counterValue(mailQueueTotal, { outcome: 'sent' });
    const mail = { to: uniqueEmail('metrics'), subject: 's', text: 't', html: '<p>t</p>' };
    await enqueueMail(t.ctx.database.db, t.ctx, mail);
    expect(await drainMailQueue(t.ctx)).toMatchObject({ sent: 1 });
    expect(await counterValue(mailQueueTotal, { outcome: 'sent' })).toBe(sentBefore + 1);
  });

  it('are served as Prometheus text on their own port, and not on the portal’s', async () => {
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^# HELP card_portal_http_requests_total /m);
    expect(text).toMatch(
      /^card_portal_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^card_portal_job_runs_total\{job="mail-queue",outcome="ok"\} \d+$/m);
    expect(text).toMatch(/^# TYPE card_portal_mail_queue_mails_total counter$/m);
    expect(text).toMatch(/^# TYPE card_portal_push_deliveries_total counter$/m);
    expect(text).toMatch(/^card_portal_http_request_duration_seconds_bucket\{/m);
    expect((await fetch(`${url}/other`)).status).toBe(404);
    expect((await t.raw('/metrics')).status).not.toBe(200);
    expect((await t.raw('/api/metrics')).status).toBe(404);
  });
});
