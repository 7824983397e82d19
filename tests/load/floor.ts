/**
 * Reads against their floor (issue 19 §1): the same requests to the portal and to the bare floor
 * server (floor-server.ts) on the same database, one after the other, and the portal's figures as a
 * ratio to the floor's. Two figures each: p99 at the same offered rate (open loop, fixed-rate.ts),
 * and saturation throughput (closed loop: a fixed number of requests always in flight).
 */
import type { QueryKinds, Report } from './bench-kit';
import { prng } from './bench-kit';
import type { RateResult } from './fixed-rate';
import { runFixedRate } from './fixed-rate';

export const FLOOR_ENTRY = 'tests/load/floor-server.ts';

/** One request against a server at `url`; true when it was answered with code 200. */
export type ReadRequest = (url: string) => Promise<boolean>;

export interface ReadFigures {
  atRate: RateResult;
  /** Requests answered 200 per second with `inFlight` always outstanding. */
  saturation: number;
}

/** Closed loop: `inFlight` workers each send the next request as soon as the last is answered. */
export async function saturate(
  request: () => Promise<boolean>,
  inFlight: number,
  seconds: number,
): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) if (await request().catch(() => false)) ok++;
    }),
  );
  return ok / ((performance.now() - started) / 1000);
}

export async function measureRead(
  url: string,
  request: ReadRequest,
  options: { rps: number; seconds: number; inFlight: number },
): Promise<ReadFigures> {
  const call = () => request(url);
  await runFixedRate(call, { rps: options.rps / 4, seconds: 2 }); // warm-up: connections, JIT, plans
  const atRate = await runFixedRate(call, { rps: options.rps, seconds: options.seconds });
  const saturation = await saturate(call, options.inFlight, options.seconds);
  return { atRate, saturation };
}

export function reportAgainstFloor(
  report: Report,
  name: string,
  rps: number,
  portal: ReadFigures,
  floor: ReadFigures,
): void {
  const p99Ratio = portal.atRate.p99 / Math.max(floor.atRate.p99, 0.001);
  const saturationRatio = portal.saturation / Math.max(floor.saturation, 0.001);
  report(
    `${name}: p99 at ${rps}/s offered, portal / floor`,
    `${portal.atRate.p99.toFixed(1)} / ${floor.atRate.p99.toFixed(1)} ms = ×${p99Ratio.toFixed(2)} (failed ${portal.atRate.failed} / ${floor.atRate.failed})`,
    '≤ ×1.5',
  );
  report(
    `${name}: saturation throughput, portal / floor`,
    `${portal.saturation.toFixed(0)} / ${floor.saturation.toFixed(0)} per s = ×${saturationRatio.toFixed(2)}`,
    '≥ ×0.6',
  );
}

/**
 * A request that cycles through the kinds of a page's queries in a fixed pseudo-random order. Each
 * call of this function starts the same order again, so the portal and the floor are asked alike.
 */
export function variedRead(
  kinds: QueryKinds,
  send: (url: string, query: Record<string, string>) => Promise<boolean>,
): ReadRequest {
  const rand = prng(20_261_126);
  const makers = Object.values(kinds);
  let next = 0;
  return (url) => send(url, makers[next++ % makers.length]!(rand));
}
