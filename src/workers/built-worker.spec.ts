import { existsSync, readFileSync } from 'node:fs';
import {
  mkdtemp,
  mkdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/** The .ts files `entries` import, directly or not, through relative imports. */
function reachableFiles(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'))
      .importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const base = join(dirname(file), imported.fileName);
      const resolved = [`${base}.ts`, join(base, 'index.ts')].find(
        (candidate) => existsSync(candidate),
      );
      if (resolved !== undefined) pending.push(resolved);
    }
  }
  return [...seen];
}

// Transpiles the pool and everything its workers load the way `npm run build` lays them out
// (dist/src/...), then loads the pool from there.
jest.setTimeout(60_000);

describe('the heavy-work pool from built JavaScript (dist/)', () => {
  let build: string;
  beforeAll(async () => {
    build = await mkdtemp(join(tmpdir(), 'heavy-work-build-'));
    await symlink(
      join(ROOT, 'node_modules'),
      join(build, 'node_modules'),
      'dir',
    );
    const workers = join(ROOT, 'src', 'workers');
    for (const file of reachableFiles([
      join(workers, 'heavy-work-pool.ts'),
      join(workers, 'heavy-work-worker.ts'),
      join(ROOT, 'src', 'heavy-tasks', 'index.ts'),
    ])) {
      const output = ts.transpileModule(await readFile(file, 'utf8'), {
        fileName: file,
        compilerOptions: {
          module: ts.ModuleKind.CommonJS,
          target: ts.ScriptTarget.ES2022,
          esModuleInterop: true,
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
        },
      }).outputText;
      const target = join(build, relative(ROOT, file)).replace(/\.ts$/, '.js');
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, output);
    }
  });
  afterAll(async () => {
    await rm(build, { recursive: true, force: true });
  });

  it('starts its workers on the compiled worker module, without the TypeScript loader', async () => {
    // The built .js, as a host running dist/ loads it (jest transforms only .ts files).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path computed at run time
    const { HeavyWorkPool } = require(
      join(build, 'src', 'workers', 'heavy-work-pool.js'),
    ) as typeof import('./heavy-work-pool');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path computed at run time
    const { TOOL_HEAVY_TASKS } = require(
      join(build, 'src', 'heavy-tasks', 'index.js'),
    ) as typeof import('../heavy-tasks');
    const pool = new HeavyWorkPool(TOOL_HEAVY_TASKS, { threads: 1 });
    try {
      const result = await pool.run(
        'transformDocument',
        {
          script:
            '(doc) => { doc.content.push({ type: "paragraph" }); return doc; }',
          document: { type: 'doc', content: [] },
          pageId: 'p',
          title: 't',
          sandbox: {},
        },
        { userId: 'u', label: 'transform' },
      );
      expect(result.changed).toBe(true);
      expect(JSON.parse(result.after.stored.json).content).toEqual([
        {
          type: 'paragraph',
          attrs: { id: expect.stringMatching(/^[a-z]{12}$/) },
        },
      ]);
    } finally {
      await pool.destroy();
    }
  });
});
