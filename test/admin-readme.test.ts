// The admin CLI does what README.md's admin table says. Every `npm run -s admin -- ...`
// command line of the README's tables is parsed (placeholders, `a|b` alternatives,
// `[optional]` parts, `(x | y)` choices), filled with real values from accounts made here
// and run against this file's database, with every optional part present, as many times
// as it takes to use every alternative, every choice and every form of a boolean option
// (`--flag`, `--flag true`, `--flag false`, `--flag=true`, `--flag=false`) once. Each run
// must exit 0 and print JSON showing what the command is meant to do (EXPECTATIONS, per
// command). Then misuse (exit 2: a one-line reason, the usage text, no stack trace), what
// cannot be done (exit 1) and an unexpected failure (exit 1, one line).
import crypto from 'node:crypto';
import fs from 'node:fs';
import t, { type Test } from 'tap';
import { createDatabase } from './helpers/database.ts';
import { addKey, createAccount, type TestAccount } from './helpers/accounts.ts';
import { runAdminCli, runScript } from './helpers/process.ts';
import { createPool, withTransaction } from '../db/pool.ts';
import { createLogger } from '../lib/logger.ts';
import { findAccount, managedCompanies, replaceManagedCompanies, updateAccount } from '../db/accounts.ts';
import { findApiKey, listApiKeys } from '../db/api-keys.ts';
import { grant, ledger } from '../db/credits.ts';
import { rotateAccountWebhookSecret } from '../webhooks/secrets.ts';
import { serializeAccount } from '../api/serializers/account.ts';
import os from 'node:os';
import { addBoard } from '../crawlers/boards.ts';
import { findBoard, findBoardByToken } from '../db/boards.ts';
import { upsertCompanies } from '../db/companies.ts';

const database = await createDatabase();
const pool = createPool(database.url, 4, createLogger('silent'), 'admin-readme-test');
t.teardown(async () => {
  await pool.end();
  await database.drop();
});

type CliResult = Awaited<ReturnType<typeof runAdminCli>>;
const cli = (args: string[]) => runAdminCli(database.url, ...args);

/** Runs fn over items, at most `limit` at a time (each CLI run is a process). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
const PARALLEL = 6;

// ---- The README's command lines -------------------------------------------------------

const README = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The first cell of every table row that shows an admin command, `\|` unescaped. */
const TEMPLATES = [...README.matchAll(/^\| *`npm run -s admin -- ([^`]+)`/gm)].map((match) => match[1]!.replaceAll('\\|', '|').trim());

type Node = { word: string } | { optional: Node[] } | { choice: Node[][] };

/** A usage line as a tree: words, `[optional]` parts and `(a | b)` choices. */
function parseTemplate(template: string): Node[] {
  const tokens = template.match(/[[\]()]|[^\s[\]()]+/g) ?? [];
  let at = 0;
  const branches = (): Node[][] => {
    const found: Node[][] = [[]];
    while (at < tokens.length && tokens[at] !== ']' && tokens[at] !== ')') {
      const token = tokens[at++]!;
      if (token === '|') {
        found.push([]);
      } else if (token === '[' || token === '(') {
        const inner = branches();
        if (tokens[at++] !== (token === '[' ? ']' : ')')) throw new Error(`unbalanced ${token} in README admin line: ${template}`);
        const group: Node = inner.length === 1 ? { optional: inner[0]! } : { optional: [{ choice: inner }] };
        found.at(-1)!.push(token === '[' ? group : { choice: inner });
      } else {
        found.at(-1)!.push({ word: token });
      }
    }
    return found;
  };
  const top = branches();
  if (at !== tokens.length || top.length !== 1) throw new Error(`cannot parse README admin line: ${template}`);
  return top[0]!;
}

/** What a line asks for once its optional parts are all present: options (value null when bare) and choices between option lists. */
type Slot = { option: string; value: string | null } | { choice: Slot[][] };

type Present = Exclude<Node, { optional: Node[] }>;
const present = (nodes: Node[]): Present[] => nodes.flatMap((node) => ('optional' in node ? present(node.optional) : [node]));

function slots(nodes: Node[]): Slot[] {
  const flat = present(nodes);
  const found: Slot[] = [];
  for (let i = 0; i < flat.length; i++) {
    const node = flat[i]!;
    if ('choice' in node) {
      found.push({ choice: node.choice.map(slots) });
      continue;
    }
    if (!node.word.startsWith('--')) throw new Error(`unexpected word ${node.word} among the options`);
    const next = flat[i + 1];
    const value = next && 'word' in next && !next.word.startsWith('--') ? next.word : null;
    if (value !== null) i++;
    found.push({ option: node.word.slice(2), value });
  }
  return found;
}

interface Line {
  template: string;
  command: string;
  slots: Slot[];
}

const LINES: Line[] = TEMPLATES.map((template) => {
  const nodes = parseTemplate(template);
  const words: string[] = [];
  while (nodes[0] && 'word' in nodes[0] && !nodes[0].word.startsWith('-')) words.push((nodes.shift() as { word: string }).word);
  return { template, command: words.join(' '), slots: slots(nodes) };
});

const allOptions = (list: Slot[]): { option: string; value: string | null }[] =>
  list.flatMap((slot) => ('choice' in slot ? slot.choice.flatMap(allOptions) : [slot]));

// Booleans: options the README shows bare or with `true|false`, anywhere.
const BOOLEANS = new Set(
  LINES.flatMap((line) => allOptions(line.slots))
    .filter(({ value }) => value === null || value === 'true|false')
    .map(({ option }) => option),
);
const BOOLEAN_FORMS: { args: (flag: string) => string[]; value: boolean }[] = [
  { args: (flag) => [flag], value: true },
  { args: (flag) => [flag, 'true'], value: true },
  { args: (flag) => [flag, 'false'], value: false },
  { args: (flag) => [`${flag}=true`], value: true },
  { args: (flag) => [`${flag}=false`], value: false },
];

// An option's literal values as the README spells them out somewhere (`--kind customer|...`),
// for the lines that write `--kind KIND` or `--plan ...`.
function domain(option: string): string[] {
  const literals = LINES.flatMap((line) => allOptions(line.slots))
    .filter((slot) => slot.option === option && slot.value !== null)
    .flatMap((slot) => slot.value!.split('|'))
    .filter((value) => /^[a-z][a-z_]*$/.test(value));
  return [...new Set(literals)];
}

function alternatives(slot: { option: string; value: string }): string[] {
  return slot.value.split('|').flatMap((alternative) => {
    // `--kind KIND`: a placeholder named after its option, with no value of its own in fill().
    const placeholderOfItsOwn = alternative === slot.option.toUpperCase().replaceAll('-', '_') && !PLACEHOLDERS.includes(alternative);
    if (alternative !== '...' && !placeholderOfItsOwn) return [alternative];
    const values = domain(slot.option);
    if (values.length === 0) throw new Error(`the README never spells out the values of --${slot.option} (${alternative})`);
    return values;
  });
}

function variantCount(list: Slot[]): number {
  return Math.max(
    1,
    ...list.map((slot) => {
      if ('choice' in slot) return Math.max(slot.choice.length, ...slot.choice.map(variantCount));
      if (BOOLEANS.has(slot.option)) return BOOLEAN_FORMS.length;
      return alternatives(slot as { option: string; value: string }).length;
    }),
  );
}

// ---- Filling placeholders -----------------------------------------------------------

interface Subject {
  account: TestAccount;
  /** A board of its own (what BOARD_ID names). */
  board: { id: string; company_id: string };
  /** A second key of the account's (what KEY_ID and API_KEY name). */
  spare: { key: string; keyId: string };
  /** A company whose website never resolves (what COMPANY_ID names). */
  company: { id: string; website: string };
}

interface Filled {
  arg: string;
  /** What the command should show or store for it. */
  expect: unknown;
}

const PLACEHOLDERS = ['NAME', 'ID', 'KEY_ID', 'API_KEY', 'N', 'URL', 'ISO', 'JSON', 'TEXT', 'ID,ID,...', 'ATS', 'TOKEN', 'BOARD_ID', 'CSV', 'COMPANY_ID'];
let counter = 0;
const uuid = () => crypto.randomUUID();

function fill(placeholder: string, subject: Subject, variant: number): Filled {
  switch (placeholder) {
    case 'NAME':
      return same(`README name ${variant}-${++counter}`);
    case 'ID':
      return same(subject.account.id);
    case 'KEY_ID':
      return same(subject.spare.keyId);
    case 'API_KEY':
      return same(subject.spare.key);
    case 'N':
      return { arg: String(10 + ++counter), expect: 10 + counter };
    case 'URL':
      // A host of its own per use: `company add --website URL` finds a company by its host.
      return same(`https://readme-${variant}-${++counter}.example.com/readme/`);
    case 'ISO': {
      const date = new Date(Date.UTC(2031, 0, 2 + variant, 3, 4, 5));
      return same(date.toISOString());
    }
    case 'JSON': {
      const limits = { JobSearch: { minute: 600 + variant }, JobFeed: { hour: 5000 } };
      return { arg: JSON.stringify(limits), expect: limits };
    }
    case 'TEXT':
      return same(`README reason ${variant}-${++counter}`);
    case 'ATS':
      return same('greenhouse');
    case 'TOKEN':
      return same(`readme-${variant}-${++counter}-${crypto.randomBytes(3).toString('hex')}`);
    case 'BOARD_ID':
      return same(subject.board.id);
    case 'COMPANY_ID':
      return same(subject.company.id);
    case 'CSV': {
      const tokens = [`readme-csv-${++counter}-${crypto.randomBytes(3).toString('hex')}`, `readme-csv-${++counter}-${crypto.randomBytes(3).toString('hex')}`];
      const file = `${fs.mkdtempSync(`${os.tmpdir()}/boards-`)}/boards.csv`;
      fs.writeFileSync(file, `ats,token,url\ngreenhouse,${tokens[0]}\nlever,${tokens[1]}\n`);
      return { arg: file, expect: tokens };
    }
    case 'ID,ID,...': {
      const ids = [uuid(), uuid(), uuid()];
      return { arg: ids.join(','), expect: ids.sort() };
    }
    default:
      throw new Error(`no value for the README placeholder ${placeholder}: add one to fill() in test/admin-readme.test.ts`);
  }
}
const same = (value: string): Filled => ({ arg: value, expect: value });

/** One run of a line: its arguments and, per option, the value the command should end up with. */
function instantiate(line: Line, variant: number, subject: Subject): { args: string[]; given: Record<string, unknown> } {
  const args = line.command.split(' ');
  const given: Record<string, unknown> = {};
  const walk = (list: Slot[]) => {
    for (const slot of list) {
      if ('choice' in slot) {
        walk(slot.choice[variant % slot.choice.length]!);
      } else if (BOOLEANS.has(slot.option)) {
        const form = BOOLEAN_FORMS[variant % BOOLEAN_FORMS.length]!;
        args.push(...form.args(`--${slot.option}`));
        given[slot.option] = form.value;
      } else if (slot.value === null) {
        throw new Error(`--${slot.option} has no value in the README and is not a boolean`);
      } else {
        const options = alternatives(slot as { option: string; value: string });
        const chosen = options[variant % options.length]!;
        const filled = /[A-Z]/.test(chosen) ? fill(chosen, subject, variant) : { arg: chosen, expect: chosen === 'none' ? null : chosen };
        args.push(`--${slot.option}`, filled.arg);
        given[slot.option] = filled.expect;
      }
    }
  };
  walk(line.slots);
  return { args, given };
}

// ---- What each command is meant to do ------------------------------------------------

const ACCOUNT_FIELDS: Record<string, keyof ReturnType<typeof serializeAccount>> = {
  name: 'name',
  plan: 'plan',
  credits: 'credits_balance',
  'included-jobs': 'included_jobs_remaining',
  'feed-subscription': 'feed_subscription',
  'auto-apply': 'auto_apply_availability',
  'callback-url': 'default_callback_url',
  'rate-limits': 'rate_limit_overrides',
};

interface Run {
  subject: Subject;
  given: Record<string, unknown>;
  /** What before() set up. */
  setup: any;
}

interface Expectation {
  /** The options whose effect check() verifies; a README option missing here fails the test. */
  verifies: string[];
  before?(run: Omit<Run, 'setup'>): Promise<unknown>;
  check(t: Test, json: any, run: Run): Promise<void> | void;
}

const storedAccount = async (id: string) => serializeAccount((await findAccount(pool, id))!);

const EXPECTATIONS: Record<string, Expectation> = {
  'account create': {
    verifies: [...Object.keys(ACCOUNT_FIELDS), 'kind'],
    async check(t, json, { given }) {
      t.same(Object.keys(json).sort(), ['account_id', 'api_key']);
      t.match(json.api_key, given.kind === 'sandbox' ? /^jd_test_/ : /^jd_live_/);
      const account = await storedAccount(json.account_id);
      for (const [option, field] of Object.entries(ACCOUNT_FIELDS)) {
        if (option in given) t.same(account[field], given[option], `--${option} sets ${field}`);
      }
      const keys = await listApiKeys(pool, json.account_id);
      t.equal(keys.length, 1);
      if ('kind' in given) t.equal(keys[0]!.kind, given.kind, '--kind is the first key kind');
    },
  },
  'account show': {
    verifies: ['account'],
    async before({ subject }) {
      const ids = [uuid(), uuid()].sort();
      await withTransaction(pool, (client) => replaceManagedCompanies(client, subject.account.id, ids));
      return ids;
    },
    async check(t, json, { subject, setup }) {
      t.match(json, { ...(await storedAccount(subject.account.id)), managed_company_ids: setup });
      t.same(json.keys.map((key: { id: string }) => key.id).sort(), [subject.account.keyId, subject.spare.keyId].sort());
      t.notOk(JSON.stringify(json).includes(subject.account.key), 'never the key itself');
    },
  },
  'account list': {
    verifies: [],
    async check(t, json, { subject }) {
      t.ok(Array.isArray(json));
      t.same(json.find((account: { id: string }) => account.id === subject.account.id), await storedAccount(subject.account.id));
    },
  },
  'account set': {
    verifies: ['account', ...Object.keys(ACCOUNT_FIELDS)],
    // The account starts out different in every setting the command changes.
    async before({ subject, given }) {
      await updateAccount(pool, subject.account.id, {
        name: 'Before',
        plan: given.plan === 'free' ? 'subscribed' : 'free',
        feed_subscription: given['feed-subscription'] !== true,
        auto_apply_availability: given['auto-apply'] === 'coming_soon' ? 'enabled' : 'coming_soon',
        default_callback_url: given['callback-url'] === null ? 'https://before.example.com/' : null,
        rate_limit_overrides: {},
      });
    },
    async check(t, json, { subject, given }) {
      t.equal(json.id, subject.account.id);
      for (const [option, field] of Object.entries(ACCOUNT_FIELDS)) {
        if (option in given) t.same(json[field], given[option], `--${option} sets ${field}`);
      }
      t.same(await storedAccount(subject.account.id), json, 'and it is stored');
    },
  },
  'key create': {
    verifies: ['account', 'kind', 'name', 'expires-at'],
    async check(t, json, { subject, given }) {
      t.match(json.api_key, given.kind === 'sandbox' ? /^jd_test_/ : /^jd_live_/);
      t.match(json.key, { account_id: subject.account.id, kind: given.kind ?? 'customer', revoked_at: null });
      if ('name' in given) t.equal(json.key.name, given.name);
      if ('expires-at' in given) t.equal(json.key.expires_at, given['expires-at']);
      t.notOk(JSON.stringify(json.key).includes(json.api_key), 'the key itself only once');
      t.ok(await findApiKey(pool, json.key.id), 'stored');
    },
  },
  'key list': {
    verifies: ['account'],
    check(t, json, { subject }) {
      t.same(json.map((key: { id: string }) => key.id).sort(), [subject.account.keyId, subject.spare.keyId].sort());
      t.notOk(JSON.stringify(json).includes(subject.spare.key), 'never the keys themselves');
    },
  },
  'key revoke': {
    verifies: ['id', 'key'],
    async check(t, json, { subject }) {
      t.equal(json.id, subject.spare.keyId);
      t.ok(json.revoked_at);
      t.ok((await findApiKey(pool, subject.spare.keyId))!.revoked_at, 'stored');
      t.notOk((await findApiKey(pool, subject.account.keyId))!.revoked_at, 'the other key stays');
    },
  },
  'credits grant': {
    verifies: ['account', 'credits', 'included-jobs', 'reason'],
    async before({ subject }) {
      await grant(pool, subject.account.id, 5, 3, 'opening');
    },
    async check(t, json, { subject, given }) {
      t.match(json, {
        account_id: subject.account.id,
        credits_balance: 5 + Number(given.credits ?? 0),
        included_jobs_remaining: 3 + Number(given['included-jobs'] ?? 0),
      });
      const [entry] = await ledger(pool, subject.account.id, 1);
      t.match(entry, { id: json.entry_id, entry_type: 'grant', credits: given.credits ?? 0, included_jobs: given['included-jobs'] ?? 0 });
      if ('reason' in given) t.equal(entry!.reason, given.reason);
    },
  },
  'managed-companies set': {
    verifies: ['account', 'companies'],
    async before({ subject }) {
      await withTransaction(pool, (client) => replaceManagedCompanies(client, subject.account.id, [uuid()]));
    },
    async check(t, json, { subject, given }) {
      t.same(json, { account_id: subject.account.id, company_ids: given.companies });
      t.same(await managedCompanies(pool, subject.account.id), given.companies, 'stored');
    },
  },
  'managed-companies show': {
    verifies: ['account'],
    async before({ subject }) {
      const ids = [uuid(), uuid()].sort();
      await withTransaction(pool, (client) => replaceManagedCompanies(client, subject.account.id, ids));
      return ids;
    },
    check(t, json, { subject, setup }) {
      t.same(json, { account_id: subject.account.id, company_ids: setup });
    },
  },
  'webhook-secret rotate': {
    verifies: ['account'],
    async before({ subject }) {
      return (await rotateAccountWebhookSecret(pool, subject.account.id))!.secret;
    },
    check(t, json, { subject, setup }) {
      t.equal(json.account_id, subject.account.id);
      t.match(json.secret, /^whsec_/);
      t.not(json.secret, setup);
      t.same(json.active_secrets.map((secret: { secret_hint: string }) => secret.secret_hint), [json.secret.slice(-4), setup.slice(-4)], 'the new one first; the old one still signs');
      t.ok(json.active_secrets[1].expires_at, 'until it expires');
    },
  },
  'board add': {
    verifies: ['ats', 'token', 'url', 'company-name', 'website', 'interval'],
    async check(t, json, { given }) {
      t.same(Object.keys(json).sort(), ['board_id', 'company_id', 'created']);
      t.equal(json.created, true);
      const board = await findBoard(pool, json.board_id);
      t.match(board, { ats: given.ats, token: given.token, url: given.url, interval_minutes: given.interval, company_id: json.company_id });
      const company = await pool.query('SELECT name, website FROM companies WHERE id = $1', [json.company_id]);
      t.same(company.rows[0], { name: given['company-name'], website: given.website }, 'the company, named');
    },
  },
  'board list': {
    verifies: [],
    check(t, json, { subject }) {
      t.ok(Array.isArray(json));
      t.match((json as Array<{ id: string }>).find((board) => board.id === subject.board.id), { id: subject.board.id, ats: 'greenhouse', status: 'active', last_crawl: null });
    },
  },
  'board show': {
    verifies: ['id'],
    check(t, json, { given }) {
      t.match(json, { board: { id: given.id, status: 'active' }, crawls: [] });
    },
  },
  'board remove': {
    verifies: ['id'],
    async check(t, json, { given }) {
      t.same(json, { board_id: given.id, removed: true, jobs_expired: 0 });
      t.equal(await findBoard(pool, given.id as string), null, 'gone');
    },
  },
  'board import': {
    verifies: ['file'],
    async check(t, json, { given }) {
      const [greenhouse, lever] = given.file as string[];
      t.match(json, { added: 2, exists: 0, invalid: 0, lines: [{ line: 2, status: 'added', token: greenhouse }, { line: 3, status: 'added', ats: 'lever', token: lever }] });
      t.ok(await findBoardByToken(pool, 'lever', lever!), 'stored');
    },
  },
  'board crawl': {
    verifies: ['id'],
    check(t, json) {
      // No ATS answers here (a made-up board, and maybe no internet): a recorded crawl that found nothing.
      t.same(Object.keys(json).sort().filter((key) => key !== 'error'), ['expired', 'failed', 'new', 'seconds', 'seen', 'status', 'unchanged', 'updated']);
      t.match(json, { status: /^(failed|gone)$/, seen: 0, new: 0, expired: 0 });
    },
  },
  'company add': {
    verifies: ['website', 'name'],
    async check(t, json, { given }) {
      t.same(Object.keys(json).sort(), ['company_id', 'created', 'discovery_queued', 'enrichment_queued']);
      t.match(json, { created: true, enrichment_queued: true, discovery_queued: true });
      const company = await pool.query('SELECT name, website, discovered_at FROM companies WHERE id = $1', [json.company_id]);
      const host = new URL(given.website as string).host;
      t.same(company.rows[0], { name: given.name ?? host, website: `https://${host}/`, discovered_at: null }, 'stored by its site, not yet discovered');
      const jobs = await pool.query(`SELECT name FROM pgboss.job WHERE data->>'company_id' = $1 ORDER BY name`, [json.company_id]);
      t.same(jobs.rows.map((row) => row.name), ['company.discover', 'company.enrich'], 'enrichment and discovery queued');
    },
  },
  'company enrich': {
    verifies: ['id'],
    check(t, json, { given }) {
      // The site never resolves: both ran now and say so.
      t.same(Object.keys(json).sort(), ['company_id', 'discovery', 'enrichment']);
      t.match(json, { company_id: given.id, enrichment: { status: 'unreachable' }, discovery: { outcome: 'site_unreachable' } });
    },
  },
  'jobs understand': {
    verifies: ['board'],
    check(t, json) {
      // A board of its own, never crawled: nothing to read again.
      t.same(Object.keys(json).sort(), ['read', 'seconds', 'updated']);
      t.match(json, { read: 0, updated: 0 });
    },
  },
  'webhook-secret list': {
    verifies: ['account'],
    async before({ subject }) {
      return (await rotateAccountWebhookSecret(pool, subject.account.id))!.secret;
    },
    check(t, json, { subject, setup }) {
      t.match(json, { account_id: subject.account.id, active_secrets: [{ secret_hint: setup.slice(-4), expires_at: null }] });
      t.equal(json.active_secrets.length, 1);
      t.notOk(JSON.stringify(json).includes(setup), 'never the secret itself');
    },
  },
};

// ---- The tests ----------------------------------------------------------------------

const help = await cli(['--help']);
const USAGE: string = help.json;

t.test('--help prints the usage, which lists the README commands', async (t) => {
  t.equal(help.code, 0);
  t.match(USAGE, /^Usage: npm run -s admin -- <command> \[options\]/);
  t.equal(help.stderr, '');
  const listed = [...USAGE.matchAll(/^ {2}([a-z][a-z-]* [a-z][a-z-]*)(?= |$)/gm)].map((match) => match[1]);
  t.same([...new Set(listed)].sort(), [...new Set(LINES.map((line) => line.command))].sort(), 'the same commands in both');
});

t.test('the README admin table has its command lines', async (t) => {
  t.ok(LINES.length >= 12, `${LINES.length} lines`);
  t.ok(BOOLEANS.has('feed-subscription'), '--feed-subscription is a boolean');
});

for (const line of LINES) {
  t.test(`README: npm run -s admin -- ${line.template}`, async (t) => {
    const expectation = EXPECTATIONS[line.command];
    if (!expectation) {
      t.fail(`no expectations for \`${line.command}\`: add them to EXPECTATIONS in test/admin-readme.test.ts`);
      return;
    }
    const unchecked = allOptions(line.slots).map(({ option }) => option).filter((option) => !expectation.verifies.includes(option));
    t.same(unchecked, [], `every option of the line is checked (else add it to EXPECTATIONS['${line.command}'])`);

    const runs = await mapLimit(Array.from({ length: variantCount(line.slots) }, (_, variant) => variant), PARALLEL, async (variant) => {
      const account = await createAccount(pool, { name: `Subject ${line.command} ${variant}` });
      const board = (await addBoard(pool, { ats: 'greenhouse', token: `subject-${crypto.randomBytes(6).toString('hex')}` }, 60)).board;
      // `.invalid` never resolves (RFC 6761), so enriching it fails fast and offline.
      const website = `https://readme-${crypto.randomBytes(4).toString('hex')}.invalid/`;
      const companyId = (await upsertCompanies(pool, [{ source_key: `website:${new URL(website).host}`, name: 'README company', website }])).values().next().value!;
      const subject: Subject = { account, spare: await addKey(pool, account.id, 'customer'), board, company: { id: companyId, website } };
      const { args, given } = instantiate(line, variant, subject);
      const setup = await expectation.before?.({ subject, given });
      return { args, run: { subject, given, setup }, result: await cli(args) };
    });
    for (const { args, run, result } of runs) {
      await t.test(args.join(' '), async (t) => {
        t.equal(result.code, 0, result.stderr);
        t.equal(result.stderr, '');
        t.type(result.json, 'object', 'prints JSON');
        if (result.code === 0 && typeof result.json === 'object') await expectation.check(t, result.json, run);
      });
    }
  });
}

t.test('a boolean option, bare or with a value, before other options and arguments, or last', async (t) => {
  const cases: { args: string[]; expect: Partial<ReturnType<typeof serializeAccount>> }[] = [
    { args: ['account', 'create', '--name', 'Bare, then an option', '--feed-subscription', '--auto-apply', 'enabled'], expect: { feed_subscription: true, auto_apply_availability: 'enabled' } },
    { args: ['account', 'create', '--name', 'True, then an option', '--feed-subscription', 'true', '--plan', 'subscribed'], expect: { feed_subscription: true, plan: 'subscribed' } },
    { args: ['--feed-subscription', 'account', 'create', '--name', 'Bare, then the command'], expect: { feed_subscription: true } },
    { args: ['account', 'create', '--plan', 'subscribed', '--name', 'Bare, last', '--feed-subscription'], expect: { feed_subscription: true, plan: 'subscribed' } },
  ];
  const results = await mapLimit(cases, PARALLEL, ({ args }) => cli(args));
  for (const [index, { args, expect }] of cases.entries()) {
    const result = results[index]!;
    t.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    if (result.code === 0) t.match(await storedAccount(result.json.account_id), expect, args.join(' '));
  }
});

t.test('the README prose: an empty --companies clears, a date for --expires-at', async (t) => {
  const subject = await createAccount(pool, { name: 'Prose' });
  await withTransaction(pool, (client) => replaceManagedCompanies(client, subject.id, [uuid()]));
  const [cleared, dated] = await Promise.all([
    cli(['managed-companies', 'set', '--account', subject.id, '--companies', '']),
    cli(['key', 'create', '--account', subject.id, '--expires-at', '2031-03-04']),
  ]);
  t.same(cleared.json, { account_id: subject.id, company_ids: [] }, cleared.stderr);
  t.equal(dated.json.key?.expires_at, '2031-03-04T00:00:00.000Z', dated.stderr);
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';
// One of each kind of misuse.
const MISUSE: [string[], RegExp][] = [
  [[], /^no command given$/],
  [['account', 'explode'], /^unknown command: account explode$/],
  [['account', 'list', 'extra'], /^unexpected argument: extra$/],
  [['account', 'create', '--name', 'X', '--bogus'], /^unknown option --bogus$/],
  [['account', 'list', '--plan', 'free'], /^--plan does not apply to account list$/],
  [['account', 'create', '--name'], /^--name needs a value/],
  [['account', 'create', '--name', '--plan', 'free'], /^--name needs a value/],
  [['account', 'show'], /^--account is required$/],
  [['account', 'show', '--account', '42'], /^--account must be a UUID/],
  [['credits', 'grant', '--account', SOME_ID, '--credits', '1.5'], /^--credits must be a whole number/],
  [['account', 'create', '--name', 'X', '--plan', 'gold'], /^--plan must be one of free, subscribed/],
  [['account', 'create', '--name', 'X', '--feed-subscription', 'maybe'], /^--feed-subscription takes true or false/],
  [['account', 'set', '--account', SOME_ID, '--feed-subscription=yes'], /^--feed-subscription takes true or false/],
  [['account', 'set', '--account', SOME_ID, '--rate-limits', '{"JobSearch":'], /^--rate-limits must be JSON/],
  [['account', 'set', '--account', SOME_ID, '--rate-limits', '{"JobSearch":null}'], /^--rate-limits: JobSearch must be an object/],
  [['account', 'set', '--account', SOME_ID], /^account set needs at least one setting$/],
  [['account', 'set', '--account', SOME_ID, '--callback-url', 'ftp://example.com/'], /^--callback-url must be an absolute http\(s\) URL/],
  [['key', 'create', '--account', SOME_ID, '--expires-at', 'next tuesday'], /^--expires-at must be an ISO 8601 date-time/],
  [['key', 'create', '--account', SOME_ID, '--expires-at', '2031-02-30T00:00:00Z'], /^--expires-at must be an ISO 8601 date-time/],
  [['key', 'revoke', '--id', SOME_ID, '--key', 'jd_live_00000000000000000000000000000000'], /^key revoke takes --id or --key, not both$/],
  [['managed-companies', 'set', '--account', SOME_ID, '--companies', 'a,b'], /^--companies: not a company id: "a"$/],
  [['--help=yes'], /^--help takes no value$/],
];

t.test('misuse exits 2 with a one-line reason and the usage text, never a stack trace', async (t) => {
  const results = await mapLimit(MISUSE, PARALLEL, ([args]) => cli(args));
  for (const [index, [args, reason]] of MISUSE.entries()) {
    const result: CliResult = results[index]!;
    const label = `admin ${args.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg}'`)).join(' ')}`;
    t.equal(result.code, 2, `${label}: exit 2`);
    const [first] = result.stderr.split('\n');
    t.match(first, reason, `${label}: the reason`);
    t.equal(result.stderr, `${first}\n\n${USAGE}`, `${label}: one line, then the usage text`);
    t.notMatch(result.stderr, /^\s+at |node:internal/m, `${label}: no stack trace`);
    t.equal(result.json, '', `${label}: nothing on stdout`);
  }
});

t.test('--help anywhere prints the usage and exits 0', async (t) => {
  for (const result of await Promise.all([cli(['account', 'create', '--help']), cli(['--bogus', '-h'])])) {
    t.equal(result.code, 0);
    t.equal(result.json, USAGE);
    t.equal(result.stderr, '');
  }
});

t.test('what cannot be done exits 1 with the reason', async (t) => {
  const full = await createAccount(pool, { name: 'Full' });
  for (let i = 0; i < 4; i++) await addKey(pool, full.id, 'customer');
  const cases: [string[], RegExp][] = [
    [['key', 'create', '--account', SOME_ID], /^error: no account 00000000-0000-4000-8000-000000000000$/],
    [['key', 'revoke', '--key', 'jd_live_00000000000000000000000000000000'], /^error: no such API key$/],
    [['key', 'create', '--account', full.id], /^error: account .* already has 5 active keys \(at most 5\); revoke one first$/],
  ];
  const results = await mapLimit(cases, PARALLEL, ([args]) => cli(args));
  for (const [index, [args, reason]] of cases.entries()) {
    const result = results[index]!;
    t.equal(result.code, 1, args.join(' '));
    t.match(result.stderr.trimEnd(), reason);
    t.equal(result.stderr.split('\n').length, 2, 'one line');
    t.equal(result.json, '');
  }
});

t.test('an unexpected failure is one line and exit 1; the stack only with LOG_LEVEL=debug', async (t) => {
  const nowhere = 'postgres://admin:secret@127.0.0.1:1/nothing';
  const quiet = await runAdminCli(nowhere, 'account', 'list');
  t.equal(quiet.code, 1);
  t.match(quiet.stderr, /^error: .*ECONNREFUSED.*\n$/);
  t.equal(quiet.stderr.split('\n').length, 2, 'one line');
  t.notMatch(quiet.stderr, /^\s+at |node:internal/m);
  const debug = await runScript('scripts/admin.ts', ['account', 'list'], { DATABASE_URL: nowhere, LOG_LEVEL: 'debug' });
  t.equal(debug.code, 1);
  t.match(debug.stderr, /^error: .*ECONNREFUSED[^]*\n\s+at /);
});
