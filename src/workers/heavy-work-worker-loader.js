'use strict';
// Worker entry while the server runs from TypeScript source (`npm start` through ts-node, jest
// through ts-jest): a worker thread starts with Node's plain loader, which cannot read .ts. This
// file teaches the worker to load .ts files, then loads the worker module. Built code (dist/)
// starts its workers on the compiled heavy-work-worker.js and never loads this file.
//
// Each .ts file is transpiled once (TypeScript's transpileModule, what ts-node's transpile-only
// mode runs) and kept on disk by content hash: a worker replaced after a run past its deadline
// then starts in a fraction of a second instead of recompiling its modules for seconds. (Not
// ts-node with swc: that native addon crashes the process when a worker that loaded it is
// terminated.) The pool drops the parent's ts-node preload from the worker's flags.
const { createHash } = require('node:crypto');
const {
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const CACHE_DIRECTORY = join(tmpdir(), 'docmost-ai-tools-worker-cache');
const COMPILER_OPTIONS = {
  module: 'CommonJS',
  target: 'ES2022',
  esModuleInterop: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  inlineSourceMap: true,
};

let typescript;

function transpile(source, filename) {
  typescript ??= require('typescript');
  return typescript.transpileModule(source, {
    fileName: filename,
    compilerOptions: COMPILER_OPTIONS,
  }).outputText;
}

function compiled(source, filename) {
  const key = createHash('sha256')
    .update(
      `${filename}\0${source}\0${require('typescript/package.json').version}`,
    )
    .digest('hex');
  const cached = join(CACHE_DIRECTORY, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    const output = transpile(source, filename);
    try {
      mkdirSync(CACHE_DIRECTORY, { recursive: true });
      // Written aside and renamed: a worker starting meanwhile never reads half a file.
      const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(partial, output);
      renameSync(partial, cached);
    } catch {
      // An unwritable cache only costs the next worker the transpile.
    }
    return output;
  }
}

require.extensions['.ts'] = (module, filename) => {
  module._compile(compiled(readFileSync(filename, 'utf8'), filename), filename);
};

module.exports = require('./heavy-work-worker');
