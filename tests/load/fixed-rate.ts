/**
 * An open-loop load generator: requests start on a fixed schedule whatever the latency, so a slow
 * server shows up as latency and backlog instead of quietly lowering the rate (coordinated omission).
 * Traffic goes only to the loopback server the benchmark started; the loop is bounded in count and time.
 */
export interface RateResult {
  sent: number;
  ok: number;
  failed: number;
  seconds: number;
  achievedRps: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export async function runFixedRate(
  request: () => Promise<boolean>,
  options: { rps: number; seconds: number },
): Promise<RateResult> {
  const total = Math.round(options.rps * options.seconds);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.rps;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      (async () => {
        const t0 = performance.now();
        try {
          if (await request()) ok++;
          else failed++;
        } catch {
          failed++;
        }
        // Latency counts from when the request was due, not when it happened to leave.
        latencies.push(performance.now() - Math.min(t0, due));
      })(),
    );
  }
  await Promise.all(inflight);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    ok,
    failed,
    seconds,
    achievedRps: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
  };
}
