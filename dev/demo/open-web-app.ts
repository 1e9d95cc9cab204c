import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** What `npm run demo -- --open` prints before the server's own lines. */
export const OPEN_WEB_APP_GUIDE = [
  'npm run demo -- --open: the reference host with the scripted agent (AI_* unset) and the comment',
  'signal counting on every tool call (AI_COMMENT_SIGNAL_DEBOUNCE_MS=0). Open the web app URL below,',
  'sign in as member@acme.test, open "Weekly Sync 2025-06-02" and ask the agent anything: it reads',
  'the page, loads insertNode and appends your message while you type. Sign in as admin@acme.test in',
  'a second tab (each tab signs in on its own) to watch the page live, and comment while the agent works.',
  'Ctrl+C stops the server.',
  '',
].join('\n');

/**
 * Runs `npm start` (the host, as a child process sharing this terminal) with the scripted
 * agent and a comment signal that counts on every call; resolves with its exit code.
 */
export function runWebAppServer(env: NodeJS.ProcessEnv): Promise<number> {
  const childEnv = Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => name !== 'AI_BASE_URL' && name !== 'AI_MODEL',
    ),
  );
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', 'host/main.ts'],
    {
      cwd: ROOT,
      env: { ...childEnv, AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0' },
      stdio: 'inherit',
    },
  );
  // The terminal's Ctrl+C reaches the child too (same process group); SIGTERM is passed on.
  const forward = () => child.kill('SIGTERM');
  process.on('SIGTERM', forward);
  process.on('SIGINT', () => undefined);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}
