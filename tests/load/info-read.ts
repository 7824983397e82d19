/**
 * `/api/user/info` against its floor, in alternating rounds: the portal, then (with the portal
 * stopped, since PGlite admits one process) the bare floor server over the same database with the
 * same requests, then the portal again… The host's speed moves within minutes (on PGlite the floor
 * alone moved from 8.2 to 10.8 ms p99 between two runs three minutes apart), so one pass of each
 * proves little; the median of each side's rounds is compared, and every round is printed.
 */
import type { Report } from './bench-kit';
import { signInDemo, startFloor } from './bench-kit';
import type { RateResult } from './fixed-rate';
import type { ReadFigures } from './floor';
import { measureRead, reportAgainstFloor } from './floor';
import { callApi } from './http-client';
import type { RunningServer } from './server-process';

export const INFO_LOAD = { rps: 500, seconds: 10, inFlight: 32 };
export const INFO_ROUNDS = 3;

export function infoCall(url: string, token: string): () => Promise<boolean> {
  return async () =>
    (await callApi(`${url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })).code === 200;
}

export interface RunningPortal {
  url: string;
  token: string;
  stop: () => Promise<void>;
}

/** A started portal, signed in as the demo account: what a round of the portal needs. */
export async function signedInPortal(server: RunningServer): Promise<RunningPortal> {
  return { url: server.url, token: await signInDemo(server.url), stop: () => server.stop() };
}

/** The middle value (the lower middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Each figure's median over the rounds, taken separately; failures are the most of any round. */
export function medianFigures(rounds: readonly ReadFigures[]): ReadFigures {
  const of = (pick: (rate: RateResult) => number) => median(rounds.map((round) => pick(round.atRate)));
  return {
    atRate: {
      sent: of((r) => r.sent),
      ok: of((r) => r.ok),
      failed: Math.max(...rounds.map((round) => round.atRate.failed)),
      seconds: of((r) => r.seconds),
      achievedRps: of((r) => r.achievedRps),
      p50: of((r) => r.p50),
      p99: of((r) => r.p99),
      max: of((r) => r.max),
    },
    saturation: median(rounds.map((round) => round.saturation)),
  };
}

/**
 * `portal` is running; it is stopped for each floor round and started again by `restart` (on the
 * same data) for the next portal round.
 */
export async function reportInfoAgainstFloor(
  report: Report,
  where: string,
  portal: RunningPortal,
  restart: () => Promise<RunningPortal>,
  database: { dataDir: string; url: string },
): Promise<void> {
  const portalRounds: ReadFigures[] = [];
  const floorRounds: ReadFigures[] = [];
  let running: RunningPortal | null = portal;
  try {
    for (let round = 0; round < INFO_ROUNDS; round++) {
      running ??= await restart();
      const { token } = running;
      portalRounds.push(await measureRead(running.url, (at) => infoCall(at, token)(), INFO_LOAD));
      await running.stop();
      running = null;
      const floorServer = await startFloor(database.dataDir, database.url);
      try {
        floorRounds.push(await measureRead(floorServer.url, (at) => infoCall(at, token)(), INFO_LOAD));
      } finally {
        await floorServer.stop();
      }
    }
  } finally {
    await running?.stop();
  }
  const rounds = portalRounds
    .map(
      (p, i) =>
        `${p.atRate.p99.toFixed(1)}/${floorRounds[i]!.atRate.p99.toFixed(1)} ms, ` +
        `${p.saturation.toFixed(0)}/${floorRounds[i]!.saturation.toFixed(0)} per s`,
    )
    .join('; ');
  report(`/api/user/info on ${where}: rounds, portal/floor`, rounds, 'reported');
  reportAgainstFloor(
    report,
    `/api/user/info on ${where}, median of ${INFO_ROUNDS} alternating rounds`,
    INFO_LOAD.rps,
    medianFigures(portalRounds),
    medianFigures(floorRounds),
  );
}
