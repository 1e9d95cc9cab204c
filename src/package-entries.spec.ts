import { spawnSync } from 'node:child_process';
import { join, relative, sep } from 'node:path';

const ROOT = join(__dirname, '..');

/** The React side's packages: the client entry's peers and what they bring. */
const BROWSER_PACKAGE =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@mantine|@tanstack|@floating-ui)[\\/]/;

/** The packages the client entry may import: its optional peers, nothing else. */
const CLIENT_PEERS = new Set([
  'react',
  'react/jsx-runtime',
  '@mantine/core',
  '@tanstack/react-query',
]);

/**
 * The files Node loads for `require('docmost-ai-tools')` (the server entry, src/index.ts, as
 * ts-node runs it), in a process of its own: jest's module registry is not Node's.
 */
function serverEntryModules(): string[] {
  const run = spawnSync(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      '-e',
      "require('./src/index.ts'); process.stdout.write(JSON.stringify(Object.keys(require.cache)));",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw new Error(`loading src/index.ts failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

// The server entry loads NestJS, the AI SDK and the tool registry under ts-node.
jest.setTimeout(60_000);

describe('package entries', () => {
  it('loads no React, Mantine or react-query, and no client file, from the server entry', () => {
    const modules = serverEntryModules();
    // It did load the server's own graph, so the absence below means something.
    expect(modules).toContainEqual(
      expect.stringMatching(/[\\/]node_modules[\\/]@nestjs[\\/]common[\\/]/),
    );
    expect(modules.filter((path) => BROWSER_PACKAGE.test(path))).toEqual([]);
    expect(
      modules.filter((path) => relative(ROOT, path).startsWith(`client${sep}`)),
    ).toEqual([]);
  });

  it('builds the client entry from client/ and its peers alone, without server code', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require('esbuild') as typeof import('esbuild');
    const result = await esbuild.build({
      entryPoints: [join(ROOT, 'client', 'index.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      // Any package other than the peers would be bundled, and so show up among the inputs.
      external: [...CLIENT_PEERS],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('client/index.ts');
    expect(inputs.filter((path) => !path.startsWith('client/'))).toEqual([]);
    const packages = new Set(
      Object.values(result.metafile.inputs).flatMap((input) =>
        input.imports
          .filter((imported) => imported.external)
          .map((imported) => imported.path),
      ),
    );
    expect([...packages].filter((name) => !CLIENT_PEERS.has(name))).toEqual([]);
  });
});
