// One HTTP server on a free loopback port for the local replicas of outside pages: the
// handler gets the request with its URL parsed; a handler that throws answers 500 with the
// stack (a replica bug shows in the page the browser reads); `close` drops kept-alive
// connections so teardown never waits on them.
import http from 'node:http';
import { freePort } from '../../lib/net.ts';

export type LoopbackHandler = (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => Promise<void> | void;

export interface LoopbackServer {
  origin: string;
  close(): Promise<void>;
}

export async function serveOnLoopback(handler: LoopbackHandler): Promise<LoopbackServer> {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    Promise.resolve()
      .then(() => handler(request, response, url))
      .catch((error: Error) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error.stack);
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
