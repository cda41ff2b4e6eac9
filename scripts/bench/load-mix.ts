// A closed-loop load generator for a mix of requests: `connections` concurrent loops,
// each sending the next request of the mix as soon as the previous answered, for
// `seconds`. Prints {count, errors, rps, p50, p95, p99} as JSON. Run in a child process
// by the benchmarks, so it does not share the server's event loop.
import { parseArgs } from 'node:util';
import fs from 'node:fs/promises';
import http from 'node:http';

interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    mix: { type: 'string' },
    key: { type: 'string' },
    connections: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
  },
});
const mix: MixRequest[] = JSON.parse(await fs.readFile(values.mix!, 'utf8'));
const connections = Number(values.connections);
const deadline = performance.now() + Number(values.seconds) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies: number[] = [];
let errors = 0;
let next = 0;

function send(item: MixRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = item.body ? JSON.stringify(item.body) : undefined;
    const req = http.request(values.base + item.path, {
      method: item.method,
      agent,
      headers: { 'x-api-key': values.key!, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function loop(): Promise<void> {
  while (performance.now() < deadline) {
    const item = mix[next++ % mix.length]!;
    const started = performance.now();
    try {
      const status = await send(item);
      if (status !== 200) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
process.stdout.write(
  JSON.stringify({ count: latencies.length, errors, rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99) }) + '\n',
);
agent.destroy();
