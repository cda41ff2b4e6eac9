import { spawn } from 'node:child_process';

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the project's scripts with Node, extra environment on top of ours. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // 'close', not 'exit': output still in the pipes arrives after the process exits.
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The admin CLI against a test database: its exit code, its JSON output (or text, for usage errors) and stderr. */
export async function runAdminCli(databaseUrl: string, ...args: string[]): Promise<{ code: number | null; json: any; stderr: string }> {
  const result = await runScript('scripts/admin.ts', args, { DATABASE_URL: databaseUrl });
  let json: any = result.stdout;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // Usage errors print text.
  }
  return { code: result.code, json, stderr: result.stderr };
}
