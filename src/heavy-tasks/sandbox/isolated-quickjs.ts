import { readFile } from 'node:fs/promises';
import QuickJSRaw from '@jitl/quickjs-wasmfile-release-sync/emscripten-module';
import { QuickJSFFI } from '@jitl/quickjs-wasmfile-release-sync/ffi';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

/**
 * quickjs-emscripten's stock variants load their Emscripten glue with a dynamic `import()`,
 * which jest (and other CommonJS loaders without ESM support) refuse. This variant requires the
 * same release build through its CommonJS entry points instead.
 */
const RELEASE_SYNC_COMMONJS: QuickJSSyncVariant = {
  type: 'sync',
  importFFI: async () => QuickJSFFI,
  importModuleLoader: async () => QuickJSRaw,
};

type VariantOptions = Parameters<typeof newVariant>[1];
type WasmMemory = { readonly buffer: ArrayBuffer; grow(pages: number): number };

/** Node's WebAssembly global; @types/node 20 does not declare it. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<VariantOptions['wasmModule']>;
    Memory: new (descriptor: {
      initial: number;
      maximum: number;
    }) => WasmMemory;
  };
};

const WASM_PAGE_BYTES = 64 * 1024;
/** The release build's INITIAL_MEMORY: static data, the C stack and the first heap pages. */
const BASE_MEMORY_BYTES = 16 * 1024 * 1024;

let compiled: Promise<VariantOptions['wasmModule']> | undefined;

/** Compiles the WebAssembly once per process; instances are then cheap (a few milliseconds). */
function compiledModule(): Promise<VariantOptions['wasmModule']> {
  compiled ??= readFile(
    require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'),
  )
    .then((bytes) => wasm.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}

export interface IsolatedQuickJS {
  readonly quickJs: QuickJSWASMModule;
  /** True while the instance's memory is full: its last attempt to grow was refused, so allocations fail. */
  memoryExhausted(): boolean;
}

/**
 * A QuickJS interpreter in a WebAssembly instance of its own: its own linear memory, nothing
 * shared with earlier runs. A run that leaves the interpreter in a broken state (a host stack
 * overflow inside WebAssembly, an aborted assertion) takes only its own instance down; the
 * garbage collector reclaims it with its memory.
 *
 * The instance's memory cannot grow beyond the build's base plus `heapBytes`. QuickJS's own
 * heap limit alone is not enough: without `malloc_usable_size` in this build it counts only a
 * fixed overhead per allocation, so it stops one huge allocation but not a million small ones.
 */
export async function newIsolatedQuickJS(
  heapBytes: number,
): Promise<IsolatedQuickJS> {
  const maximumPages = Math.ceil(
    (BASE_MEMORY_BYTES + heapBytes) / WASM_PAGE_BYTES,
  );
  const wasmMemory = new wasm.Memory({
    initial: BASE_MEMORY_BYTES / WASM_PAGE_BYTES,
    maximum: maximumPages,
  });
  // Emscripten tries a few sizes when the heap must grow; only when the last one is refused does
  // an allocation fail. Watching the attempts tells an out-of-memory failure from a script error.
  let lastGrowRefused = false;
  const grow = wasmMemory.grow.bind(wasmMemory);
  wasmMemory.grow = (pages: number): number => {
    try {
      const previousPages = grow(pages);
      lastGrowRefused = false;
      return previousPages;
    } catch (error) {
      lastGrowRefused = true;
      throw error;
    }
  };
  const variant = newVariant(RELEASE_SYNC_COMMONJS, {
    wasmModule: await compiledModule(),
    wasmMemory: wasmMemory as VariantOptions['wasmMemory'],
  });
  return {
    quickJs: await newQuickJSWASMModuleFromVariant(variant),
    memoryExhausted: () => lastGrowRefused,
  };
}
