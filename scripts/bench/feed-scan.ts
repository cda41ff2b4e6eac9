// Reads a whole job feed over HTTP, one page after another by cursor, as a client
// would. Prints {jobs, pages, bytes, seconds} as JSON. Run in a child process by the
// feed benchmark, so it does not share the server's event loop.
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { base: { type: 'string' }, key: { type: 'string' }, 'batch-size': { type: 'string', default: '1000' }, stable: { type: 'boolean', default: false } },
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(body: object): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(`${values.base}/api/jobs/feed`, {
      method: 'POST',
      agent,
      headers: { 'x-api-key': values.key!, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const started = performance.now();
let jobs = 0;
let pages = 0;
let bytes = 0;
let cursor: string | null = null;
do {
  const response = await post({ batch_size: Number(values['batch-size']), stable_scan: values.stable, ...(cursor ? { cursor } : {}) });
  if (response.status !== 200) throw new Error(`page ${pages + 1}: ${response.status} ${response.text.slice(0, 300)}`);
  const body = JSON.parse(response.text) as { jobs: unknown[]; next_cursor: string | null };
  jobs += body.jobs.length;
  bytes += response.text.length;
  pages += 1;
  cursor = body.next_cursor;
} while (cursor);
process.stdout.write(JSON.stringify({ jobs, pages, bytes, seconds: (performance.now() - started) / 1000 }) + '\n');
agent.destroy();
