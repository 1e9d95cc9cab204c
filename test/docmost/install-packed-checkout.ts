import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runStep } from './run-step';

/** This checkout as `npm pack` made it, installed with its own dependencies beside it. */
export interface PackedCheckout {
  /** `node_modules` of the install: `docmost-ai-tools` and its own dependencies. */
  readonly modules: string;
  /** `docmost-ai-tools` in it, as npm pack made it (the client build copies it from here). */
  readonly packageDirectory: string;
}

/**
 * `npm pack` of this checkout (which builds it), the tarball installed in `target` with its own
 * dependencies (pg, postgres, lru-cache, …) and without its peers, which are Docmost's
 * (`@nestjs/common`, `ai`, `kysely`, `yjs`, …). `target` is outside Docmost's tree (npm would
 * take Docmost's root for a workspace of its own) and is made anew.
 */
export async function packCheckout({
  checkoutRoot,
  target,
  logFile,
}: {
  readonly checkoutRoot: string;
  readonly target: string;
  readonly logFile: string;
}): Promise<PackedCheckout> {
  rmSync(target, { recursive: true, force: true });
  const tarballs = join(target, 'tarball');
  mkdirSync(tarballs, { recursive: true });
  const packed = await runStep('npm pack of this checkout (builds it)', {
    command: 'npm',
    args: ['pack', '--pack-destination', tarballs, '--loglevel=warn'],
    cwd: checkoutRoot,
    logFile,
  });
  const tarball = readdirSync(tarballs).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined)
    throw new Error(`npm pack made no tarball:\n${packed}`);
  const install = join(target, 'install');
  mkdirSync(install);
  writeFileSync(join(install, 'package.json'), '{"private":true}\n');
  await runStep(`installing ${tarball} with its own dependencies`, {
    command: 'npm',
    args: [
      'install',
      '--omit=peer',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=warn',
      join(tarballs, tarball),
    ],
    cwd: install,
    logFile,
  });
  const modules = join(install, 'node_modules');
  return { modules, packageDirectory: join(modules, 'docmost-ai-tools') };
}

/**
 * Installs the packed checkout as Docmost installs a package: `docmost-ai-tools` in the server's
 * `modules`, its own dependencies inside its folder, its peers left to Docmost's, so the module
 * shares Docmost's Nest, AI SDK and Yjs as it would in a real install. Copied, not moved: the
 * client's build reads the same pack meanwhile.
 */
export function installPackedCheckout(
  packed: PackedCheckout,
  modules: string,
): void {
  const target = join(modules, 'docmost-ai-tools');
  cpSync(packed.packageDirectory, target, {
    recursive: true,
    verbatimSymlinks: true,
  });
  const own = join(target, 'node_modules');
  mkdirSync(own, { recursive: true });
  for (const entry of readdirSync(packed.modules))
    if (entry !== 'docmost-ai-tools')
      cpSync(join(packed.modules, entry), join(own, entry), {
        recursive: true,
        verbatimSymlinks: true,
      });
}
