import { spawnSync } from 'node:child_process';
import { join, relative, sep } from 'node:path';
import { TOOL_HEAVY_TASKS } from '.';

const ROOT = join(__dirname, '..', '..');

/**
 * The files Node loads for `require(file)` (as ts-node runs it, and as a worker thread started
 * from the source loads its task table), in a process of its own: jest's module registry is not
 * Node's.
 */
function modulesLoadedBy(file: string): string[] {
  const run = spawnSync(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      '-e',
      `require(${JSON.stringify(file)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)));`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw new Error(`loading ${file} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

/** The folders of src/ among `modules`, sorted. */
function sourceRooms(modules: readonly string[]): string[] {
  const rooms = modules
    .map((path) => relative(join(ROOT, 'src'), path).split(sep))
    .filter((parts) => parts[0] !== '..' && parts.length > 1)
    .map((parts) => parts[0]);
  return [...new Set(rooms)].sort();
}

// The tools' index loads NestJS, the registry and the database drivers under ts-node.
jest.setTimeout(60_000);

describe('the modules a worker thread loads for the tools’ task table', () => {
  const table = modulesLoadedBy(TOOL_HEAVY_TASKS.module);

  it('is this room’s index, its one door', () => {
    expect(relative(ROOT, TOOL_HEAVY_TASKS.module)).toBe(
      join('src', 'heavy-tasks', 'index.ts'),
    );
  });

  it('holds the heavy functions alone: the document, its stored form and the ground under them', () => {
    expect(sourceRooms(table)).toEqual([
      'document',
      'ground',
      'heavy-tasks',
      'stored-document',
    ]);
    // Nor the pool itself: a worker is started by it and never starts one.
    expect(
      table.filter((path) =>
        /[\\/]node_modules[\\/](piscina|@nestjs|kysely|pg|postgres|ai)[\\/]/.test(
          path,
        ),
      ),
    ).toEqual([]);
  });

  it('is a small part of what the tools’ index loads (every executor, the registry, the database)', () => {
    const tools = modulesLoadedBy(join(ROOT, 'src', 'tools', 'index.ts'));
    // About 150 modules against 1,400 when measured: each worker starts on the smaller set.
    expect(table.length * 5).toBeLessThan(tools.length);
  });
});
