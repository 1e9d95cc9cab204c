'use strict';
/**
 * ts-node's transpiler in this repository (tsconfig.json, "ts-node"): TypeScript's own
 * `transpileModule`, as `ts-node --transpile-only` runs it, with each file's output kept on disk
 * under node_modules/.cache. ts-node keeps nothing between processes, so every `npm start`,
 * script, and server or command a test spawns transpiled again the ~360 files the host loads:
 * about 5 s of CPU per process, most of a server's start. From the cache it takes under 1 s.
 *
 * An entry is keyed by everything the output depends on: TypeScript's version, the compiler
 * options, the module kind ts-node asks for, the file's path (its source map names it) and its
 * text. A file whose transpilation reports diagnostics is not kept, so they are reported again.
 */
const { createHash } = require('node:crypto');
const {
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} = require('node:fs');
const { join } = require('node:path');

const CACHE_DIRECTORY = join(
  __dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'ts-node-transpiled',
);

/** @type {import('ts-node').TranspilerFactory} */
exports.create = ({ service, nodeModuleEmitKind }) => {
  const ts = require(service.projectLocalResolveHelper('typescript', true));
  const compilerOptions = service.config.options;
  const salt = createHash('sha256')
    .update(
      JSON.stringify([ts.version, compilerOptions, nodeModuleEmitKind ?? null]),
    )
    .digest();
  mkdirSync(CACHE_DIRECTORY, { recursive: true });
  return {
    transpile(input, { fileName }) {
      const key = createHash('sha256')
        .update(salt)
        .update(fileName)
        .update('\0')
        .update(input)
        .digest('hex');
      const entry = join(CACHE_DIRECTORY, `${key}.json`);
      try {
        return JSON.parse(readFileSync(entry, 'utf8'));
      } catch {
        // Not transpiled yet (or an entry being written by another process): transpile.
      }
      const { outputText, sourceMapText, diagnostics } = ts.transpileModule(
        input,
        { fileName, compilerOptions, reportDiagnostics: true },
      );
      if (diagnostics !== undefined && diagnostics.length > 0)
        return { outputText, sourceMapText, diagnostics };
      // Written aside, then renamed: processes starting together never read half an entry.
      const written = `${entry}.${process.pid}`;
      writeFileSync(written, JSON.stringify({ outputText, sourceMapText }));
      renameSync(written, entry);
      return { outputText, sourceMapText };
    },
  };
};
