/**
 * `/api/user/info` against its floor: the portal first, then (with the portal stopped, since PGlite
 * admits one process) the bare floor server over the same database, with the same requests.
 */
import type { Report } from './bench-kit';
import { startFloor } from './bench-kit';
import { measureRead, reportAgainstFloor } from './floor';
import { callApi } from './http-client';

export const INFO_LOAD = { rps: 500, seconds: 10, inFlight: 32 };

export function infoCall(url: string, token: string): () => Promise<boolean> {
  return async () =>
    (await callApi(`${url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })).code === 200;
}

export async function reportInfoAgainstFloor(
  report: Report,
  where: string,
  portal: { url: string; token: string; stop: () => Promise<void> },
  database: { dataDir: string; url: string },
): Promise<void> {
  const request = (at: string) => infoCall(at, portal.token)();
  const portalFigures = await measureRead(portal.url, request, INFO_LOAD);
  await portal.stop();
  const floorServer = await startFloor(database.dataDir, database.url);
  try {
    const floor = await measureRead(floorServer.url, request, INFO_LOAD);
    reportAgainstFloor(report, `/api/user/info on ${where}`, INFO_LOAD.rps, portalFigures, floor);
  } finally {
    await floorServer.stop();
  }
}
