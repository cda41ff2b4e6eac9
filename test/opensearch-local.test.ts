// `npm run opensearch`: a real node from the Maven Central jars, green on loopback, and
// stopped cleanly by SIGTERM, also while it is still starting. Needs a JDK 21 or newer:
// without one the file skips, except under CI=true, where that is a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import t from 'tap';
import { freePort } from '../lib/net.ts';
import { localOpenSearchProblem, skipWithoutOpenSearch } from './helpers/opensearch.ts';

if (!skipWithoutOpenSearch(t)) {
  t.test('the node starts green, serves requests, and stops on SIGTERM', async (t) => {
    t.equal(localOpenSearchProblem(), null, 'a JDK 21 or newer is installed');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opensearch-test-'));
    t.teardown(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const child = startScript(port, dataDir);
    const url = await child.ready;
    t.equal(url, `http://127.0.0.1:${port}`, 'on the chosen port, on loopback');
    const health = (await (await fetch(`${url}/_cluster/health?wait_for_status=green&timeout=30s`)).json()) as { status: string; number_of_nodes: number };
    t.match(health, { status: 'green', number_of_nodes: 1 });
    const created = await fetch(`${url}/probe`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { number_of_replicas: 0 }, mappings: { properties: { title: { type: 'text', analyzer: 'english' }, at: { type: 'geo_point' } } } }),
    });
    t.equal(created.status, 200, 'an index with the english analyzer and a geo point');
    child.process.kill('SIGTERM');
    t.equal(await child.exited, 0, 'SIGTERM: exit code 0');
    t.equal(javaProcessesFor(dataDir), 0, 'no JVM left behind');
    await t.rejects(fetch(`${url}/`), 'the port is closed');
    t.match(await fs.readFile(path.join(dataDir, 'opensearch.log'), 'utf8'), /^closed cleanly$/m, 'the node closed itself cleanly');
  });

  t.test('SIGTERM while the node is still starting stops it too', async (t) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opensearch-test-'));
    t.teardown(() => fs.rm(dataDir, { recursive: true, force: true }));
    const child = startScript(await freePort(), dataDir);
    await child.starting;
    child.process.kill('SIGTERM');
    t.equal(await child.exited, 0, 'a requested stop: exit code 0');
    t.equal(javaProcessesFor(dataDir), 0, 'no JVM left behind');
  });
}

function startScript(port: number, dataDir: string) {
  const process_ = spawn(process.execPath, ['scripts/opensearch.ts'], {
    env: { ...process.env, OPENSEARCH_PORT: String(port), OPENSEARCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => process_.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: process_.stdout }).on('line', (line) => {
      const url = /^OpenSearch ready at (\S+)/.exec(line)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`the script exited with ${code} before it was ready`)));
  });
  ready.catch(() => {}); // Only awaited by tests that expect the node to come up.
  const starting = new Promise<void>((resolve) => {
    readline.createInterface({ input: process_.stderr }).on('line', (line) => {
      if (line.startsWith('starting OpenSearch')) resolve();
    });
  });
  return { process: process_, ready, starting, exited };
}

/** JVMs whose command line names this data directory. */
function javaProcessesFor(dataDir: string): number {
  const { stdout } = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return stdout.split('\n').filter((line) => line.includes('LocalNode') && line.includes(dataDir)).length;
}
