/**
 * The client of the fixed-rate loads: node:http over kept-alive connections. The load generator
 * shares the machine's two cores with the server and the database it measures, so every
 * millisecond of CPU it spends per request is taken from them: `fetch` (undici) cost it 1.2–2.3 ms
 * per confirmation here, this client about a third of that.
 */
import http from 'node:http';

// At most 64 connections, like a channel's own client pool: without a limit, a server that fell
// behind was sent a new connection for every waiting request, hundreds of them, and the handshakes
// cost it more than the requests (a run at 900/s offered collapsed to 377/s).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  /** The envelope's `code` (every API answer is an envelope). */
  code: number;
}

export function callApi(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-length': Buffer.byteLength(options.body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number };
            resolve({ status: res.statusCode ?? 0, code: envelope.code });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
