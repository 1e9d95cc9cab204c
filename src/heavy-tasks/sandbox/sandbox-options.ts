/** Limits of one transform run in the QuickJS sandbox. Every field is optional; see the defaults. */
export interface ScriptSandboxOptions {
  /**
   * Wall-clock budget of one run, from parsing the input to serialising the result, in
   * milliseconds. The interpreter checks it between instructions, so an endless loop or a
   * catastrophic regular expression is stopped. The run blocks the calling thread meanwhile,
   * which is why it stays short. Default 1000.
   */
  readonly timeLimitMs?: number;
  /**
   * Heap of the QuickJS runtime, in bytes: the input document, everything the script
   * allocates and the serialised result share it. Default 32 MiB (a 5 MB page fits).
   */
  readonly memoryLimitBytes?: number;
  /**
   * Stack of the QuickJS runtime, in bytes. Kept small on purpose: the interpreter's frames
   * also use the host's native stack, and QuickJS must report a deep recursion before Node's
   * own stack overflows. Default 64 KiB (a few hundred nested calls).
   */
  readonly stackSizeBytes?: number;
  /** Longest script accepted, in characters. Default 20,000. */
  readonly maxScriptLength?: number;
  /** Largest input document accepted, as JSON characters. Default 5 MiB. */
  readonly maxDocumentLength?: number;
  /** Largest result accepted, as JSON characters. Default 8 MiB. */
  readonly maxResultLength?: number;
  /** console.log lines kept and returned; later lines are only counted. Default 50. */
  readonly maxLogLines?: number;
}

export type SandboxLimits = Required<ScriptSandboxOptions>;

const MIB = 1024 * 1024;

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeLimitMs: 1000,
  memoryLimitBytes: 32 * MIB,
  stackSizeBytes: 64 * 1024,
  maxScriptLength: 20_000,
  maxDocumentLength: 5 * MIB,
  maxResultLength: 8 * MIB,
  maxLogLines: 50,
};

/** The options with defaults filled in; a non-positive or non-finite value is a programming error. */
export function resolveSandboxLimits(
  options: ScriptSandboxOptions = {},
): SandboxLimits {
  const limits = { ...DEFAULT_SANDBOX_LIMITS };
  for (const key of Object.keys(limits) as (keyof SandboxLimits)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0)
      throw new RangeError(
        `ScriptSandboxOptions.${key} must be a positive number, got ${value}`,
      );
    limits[key] = value;
  }
  return limits;
}

/** "32 MiB", "64 KiB": limits as the model reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
