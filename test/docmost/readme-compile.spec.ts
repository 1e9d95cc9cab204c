/**
 * A README line that no longer compiles in Docmost fails the run, and the failure names it. The
 * chat service as the mount writes it (chat-service-mount.ts) is type-checked in the mounted
 * server's own TypeScript project, with Docmost's own compiler: once from the README as it is,
 * once with its `modelId` line as it was before it was fixed for Docmost (`model` is a
 * `LanguageModel` there, which may be a string, so `model.modelId` is TS2339).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeRegExp } from '../../src/ground';
import { CHAT_SERVICE, mountChatService } from './chat-service-mount';
import { preparedDocmost } from './docmost-checks';
import { explainCompilerErrors } from './generated-source';
import { CHECKOUT_ROOT } from './prepare-docmost';
import { readmeBlocks } from './readme-blocks';
import { typeCheckFile } from './type-check-file';

const prepared = preparedDocmost();
const server = prepared.mountedServerDirectory;
const README = join(CHECKOUT_ROOT, 'README.md');
const FIXED_LINE =
  "modelId: typeof model === 'string' ? model : model.modelId,";
const UNFIXED_LINE = 'modelId: model.modelId,';

/**
 * The names the installed package exports, read by Node itself: jest's module loader cannot
 * load the package's ES-module-only dependencies (uuid 14) that Node 20.19+ requires natively.
 */
const packageExports = new Set(
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '-e',
        'process.stdout.write(JSON.stringify(Object.keys(require(process.argv[1]))))',
        join(server, 'node_modules', 'docmost-ai-tools'),
      ],
      { encoding: 'utf8' },
    ),
  ) as string[],
);

/** The README's chat-service lines placed in Docmost's own ai-chat.service.ts. */
function mountedChatService(readmeFile: string) {
  return mountChatService({
    docmostText: readFileSync(
      join(prepared.plainServerDirectory, CHAT_SERVICE),
      'utf8',
    ),
    block: readmeBlocks(readmeFile, '### The chat service')[0],
    serverSource: join(server, 'src'),
    packageExports,
  }).source;
}

describe("a README line that does not compile in Docmost's chat service", () => {
  test('the README as it is compiles there', () => {
    const source = mountedChatService(README);
    expect(typeCheckFile(server, source.path, source.text).errors).toBe(0);
  }, 120_000);

  test('its modelId line as it was before the fix fails, naming the README line and TS2339', () => {
    const readme = readFileSync(README, 'utf8');
    const lineNumber =
      readme.split('\n').findIndex((line) => line.includes(FIXED_LINE)) + 1;
    expect(lineNumber).toBeGreaterThan(0);
    const scratch = mkdtempSync(join(tmpdir(), 'docmost-readme-'));
    const unfixed = join(scratch, 'README.md');
    writeFileSync(unfixed, readme.replace(FIXED_LINE, UNFIXED_LINE));
    let source: ReturnType<typeof mountedChatService>;
    try {
      source = mountedChatService(unfixed);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const explained = explainCompilerErrors(
      typeCheckFile(server, source.path, source.text).text,
      [source],
    );
    expect(explained).toEqual([
      expect.stringMatching(
        new RegExp(
          `^README\\.md line ${lineNumber}: ${escapeRegExp(UNFIXED_LINE)}[^\\n]*\\n    TS2339: Property 'modelId' does not exist`,
        ),
      ),
    ]);
  }, 120_000);
});
