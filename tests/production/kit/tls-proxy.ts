/**
 * The TLS proxy of docs/deployment.md step 8, as nginx is set up there: it ends TLS on the public
 * port, sets `X-Forwarded-For` to the client's address (replacing whatever the client sent) and
 * `X-Forwarded-Proto`, and passes every request and answer on unbuffered (the live stream is
 * Server-Sent Events).
 */
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:https';
import type { Certificate } from './certificate';

export interface TlsProxy {
  close(): Promise<void>;
}

export async function startTlsProxy(tls: Certificate, port: number, upstreamPort: number): Promise<TlsProxy> {
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
