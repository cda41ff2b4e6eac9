// THE LAYER RULE (DESIGN.md, docs/architecture.md "Layers"): top-level folders import
// downward only. Every .ts file's import and export-from specifiers (static, and dynamic
// `import('...')` with a literal string) are read with TypeScript's own pre-processor;
// relative ones are resolved to the top-level folder they land in, and each edge between
// two folders must be in LAYERS below. Packages (non-relative specifiers) are not ours.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each top-level folder, and the folders it may import besides itself. The one table of the rule. */
const DOMAINS_LOW = ['geo', 'search', 'webhooks', 'mail'] as const;
export const LAYERS: Record<string, readonly string[] | '*'> = {
  lib: [],
  db: ['lib'],
  // Domain folders: the low ones use lib/ and db/ only; the higher ones may use those below.
  geo: ['lib', 'db'],
  search: ['lib', 'db'],
  webhooks: ['lib', 'db'],
  mail: ['lib', 'db'],
  // Career-site discovery and the crawl sit below company enrichment, which reads websites
  // with the crawl's polite HTTP client (crawlers/site-fetch.ts).
  crawlers: ['lib', 'db', ...DOMAINS_LOW],
  companies: ['lib', 'db', ...DOMAINS_LOW, 'crawlers'],
  apply: ['lib', 'db', ...DOMAINS_LOW, 'companies'],
  // HTTP and queue handlers: any domain folder, never each other.
  api: ['lib', 'db', ...DOMAINS_LOW, 'companies', 'crawlers', 'apply'],
  workers: ['lib', 'db', ...DOMAINS_LOW, 'companies', 'crawlers', 'apply'],
  // The boot code: the processes (runtime, web, worker, scheduler) wire everything together.
  boot: ['lib', 'db', ...DOMAINS_LOW, 'companies', 'crawlers', 'apply', 'api', 'workers'],
  scripts: '*',
  test: '*',
};

/** Directories never scanned: dependencies, data, tool output, and test fixtures (replicas of other people's pages). */
const SKIPPED = new Set(['node_modules', 'test/fixtures']);

export interface Edge {
  from: string;
  to: string;
}

function topFolder(relative: string): string {
  const parts = relative.split('/');
  return parts.length > 1 ? parts[0]! : '(top level)';
}

/** The edges that break the rule, each as `file → imported file` with the reason. */
export function violations(edges: Edge[], layers = LAYERS): string[] {
  const found: string[] = [];
  for (const edge of edges) {
    const from = topFolder(edge.from);
    const to = topFolder(edge.to);
    if (from === to) continue;
    const allowed = layers[from];
    if (allowed === undefined) {
      found.push(`${edge.from} → ${edge.to}: ${from}/ is not in the layer table (test/layers.test.ts, docs/architecture.md)`);
    } else if (allowed !== '*' && !allowed.includes(to)) {
      found.push(`${edge.from} → ${edge.to}: ${from}/ may import only ${allowed.length ? allowed.map((name) => `${name}/`).join(', ') : 'packages'}`);
    }
  }
  return found;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(ROOT, full);
    if (entry.name.startsWith('.') || SKIPPED.has(relative)) continue;
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The specifiers a file imports: import/export-from, `import type`, and dynamic import('literal'). */
export function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** Every relative import of the project, as repository-relative paths. */
export function projectEdges(root = ROOT): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    for (const specifier of specifiers(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      edges.push({ from: path.relative(root, file), to: path.relative(root, path.resolve(path.dirname(file), specifier)) });
    }
  }
  return edges;
}

t.test('the checker flags upward and sideways edges, and unknown folders', async (t) => {
  t.same(
    violations([
      { from: 'db/jobs.ts', to: 'api/serializers/description.ts' },
      { from: 'lib/config.ts', to: 'apply/providers.ts' },
      { from: 'workers/maintenance-prune.ts', to: 'api/gateway/authenticator.ts' },
      { from: 'geo/job-locations.ts', to: 'crawlers/job-write.ts' },
      { from: 'newfolder/x.ts', to: 'lib/clock.ts' },
      { from: 'main.ts', to: 'lib/clock.ts' },
    ]),
    [
      'db/jobs.ts → api/serializers/description.ts: db/ may import only lib/',
      'lib/config.ts → apply/providers.ts: lib/ may import only packages',
      'workers/maintenance-prune.ts → api/gateway/authenticator.ts: workers/ may import only lib/, db/, geo/, search/, webhooks/, mail/, companies/, crawlers/, apply/',
      'geo/job-locations.ts → crawlers/job-write.ts: geo/ may import only lib/, db/',
      'newfolder/x.ts → lib/clock.ts: newfolder/ is not in the layer table (test/layers.test.ts, docs/architecture.md)',
      'main.ts → lib/clock.ts: (top level)/ is not in the layer table (test/layers.test.ts, docs/architecture.md)',
    ],
  );
  t.same(
    violations([
      { from: 'api/app.ts', to: 'db/pool.ts' },
      { from: 'apply/engine.ts', to: 'webhooks/delivery.ts' },
      { from: 'boot/worker.ts', to: 'workers/registry.ts' },
      { from: 'test/x.test.ts', to: 'boot/runtime.ts' },
      { from: 'scripts/start.ts', to: 'api/app.ts' },
      { from: 'db/jobs.ts', to: 'db/pool.ts' },
    ]),
    [],
  );
});

t.test('the reader sees every kind of import, and nothing in comments or strings', async (t) => {
  const source = [
    "import a from './a.ts';",
    "import type { B } from '../b.ts';",
    "import './side-effect.ts';",
    "export { c } from './c.ts';",
    "export * from './d.ts';",
    "const e = await import('./e.ts');",
    "// import x from './commented.ts';",
    "const s = \"import y from './in-a-string.ts'\";",
    "import pg from 'pg';",
  ].join('\n');
  t.same(specifiers(source).sort(), ['../b.ts', './a.ts', './c.ts', './d.ts', './e.ts', './side-effect.ts', 'pg'].sort());
});

t.test('every import of the project goes downward', async (t) => {
  const edges = projectEdges();
  t.ok(edges.length > 500, `read the project's imports (${edges.length} relative edges)`);
  const found = violations(edges);
  t.same(found, [], found.length ? `layer rule broken (DESIGN.md, docs/architecture.md "Layers"):\n  ${found.join('\n  ')}` : 'no edge goes upward');
});
