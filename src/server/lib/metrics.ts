/**
 * Operating figures in Prometheus text format (issue 28 §6, prom-client): requests, background
 * jobs, the mail queue and push deliveries, plus Node's own (memory, event-loop lag, GC).
 *
 * They are served on their own port (`METRICS_PORT`, on `METRICS_HOST`), never on the portal's:
 * the figures are for the operator's scraper, not for the internet. With several server processes
 * (node:cluster) the primary serves them and sums what every worker counted (prom-client's
 * AggregatorRegistry asks the workers over the cluster channel), so one scrape sees the whole server.
 *
 * The figures are counts of this process since it started: they matter to nobody but the scraper,
 * which is why they may live in memory (everything that matters to the product is in the database).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Registry } from 'prom-client';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Histogram, register } from 'prom-client';

const PREFIX = 'card_portal_';

export const requestsTotal = new Counter({
  name: `${PREFIX}http_requests_total`,
  help: 'HTTP answers by method, matched route and status',
  labelNames: ['method', 'route', 'status'] as const,
});

export const requestSeconds = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'Time to answer an HTTP request',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const jobRunsTotal = new Counter({
  name: `${PREFIX}job_runs_total`,
  help: 'Background job runs this process claimed, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
});

export const mailQueueTotal = new Counter({
  name: `${PREFIX}mail_queue_mails_total`,
  help: 'Queued mails handled, by outcome (sent, retry, dropped after the last attempt, stale code)',
  labelNames: ['outcome'] as const,
});

export const pushDeliveriesTotal = new Counter({
  name: `${PREFIX}push_deliveries_total`,
  help: 'Web Push deliveries to subscriptions, by outcome (sent, gone, failed, skipped)',
  labelNames: ['outcome'] as const,
});

let defaultsCollected = false;

/** Node's own figures (memory, event loop, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ prefix: PREFIX });
}

/** Adds each outcome's count to a counter labelled by outcome. */
export function countOutcomes(counter: Counter<'outcome'>, counts: Record<string, number>): void {
  for (const [outcome, n] of Object.entries(counts)) if (n > 0) counter.inc({ outcome }, n);
}

/** A counter's current value for exactly these labels (tests, and the bench's summary). */
export async function counterValue<L extends string>(
  counter: Counter<L>,
  labels: Partial<Record<L, string | number>>,
): Promise<number> {
  const { values } = await counter.get();
  const wanted = Object.entries(labels);
  const match = values.find((v) => wanted.every(([k, want]) => String(v.labels[k as L]) === String(want)));
  return match?.value ?? 0;
}

/** The text a scrape answers: this process's registry, or every worker's summed (cluster primary). */
export type MetricsSource = { text(): Promise<string>; contentType: string };

export function processMetrics(registry: Registry = register): MetricsSource {
  return { text: () => registry.metrics(), contentType: registry.contentType };
}

/** A worker of a cluster: answer the primary's requests for this process's figures. */
export function answerClusterScrapes(): void {
  // Constructing the aggregator installs prom-client's listener for the primary's requests.
  new AggregatorRegistry();
}

export function clusterMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { text: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

/** `GET /metrics` on its own port; anything else 404. Resolves once listening. */
export function serveMetrics(source: MetricsSource, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    source.text().then(
      (text) => res.writeHead(200, { 'Content-Type': source.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`# ${String(error)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
