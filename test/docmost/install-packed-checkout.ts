import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { runStep } from './run-step';

/**
 * Installs this checkout as Docmost installs a package: `npm pack` (which builds it), then the
 * tarball's own dependencies (pg, postgres, lru-cache, …) inside the package's folder, and its
 * peer dependencies left to Docmost's (`@nestjs/common`, `ai`, `kysely`, `yjs`, …), so the
 * module shares Docmost's Nest, AI SDK and Yjs as it would in a real install.
 */
export async function installPackedCheckout({
  checkoutRoot,
  modules,
  scratchParent,
  logFile,
}: {
  readonly checkoutRoot: string;
  /** The server's node_modules, where `docmost-ai-tools` goes. */
  readonly modules: string;
  /**
   * Where to install the tarball before moving it into `modules`: on the same file system,
   * outside Docmost's tree (npm would take Docmost's root for a workspace of its own).
   */
  readonly scratchParent: string;
  readonly logFile: string;
}): Promise<void> {
  const scratch = mkdtempSync(join(scratchParent, 'pack-'));
  try {
    const packed = await runStep('npm pack of this checkout (builds it)', {
      command: 'npm',
      args: ['pack', '--pack-destination', scratch, '--loglevel=warn'],
      cwd: checkoutRoot,
      logFile,
    });
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
    if (tarball === undefined)
      throw new Error(`npm pack made no tarball:\n${packed}`);
    const install = join(scratch, 'install');
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
        join(scratch, tarball),
      ],
      cwd: install,
      logFile,
    });
    const installed = join(install, 'node_modules');
    const target = join(modules, 'docmost-ai-tools');
    renameSync(join(installed, 'docmost-ai-tools'), target);
    const own = join(target, 'node_modules');
    mkdirSync(own, { recursive: true });
    for (const entry of readdirSync(installed))
      renameSync(join(installed, entry), join(own, entry));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
