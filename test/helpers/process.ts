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
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
