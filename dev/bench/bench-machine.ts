import { cpus } from 'node:os';

/** The machine a bench ran on, as BENCHMARKS.md states it beside the figures. */
export interface BenchMachine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly node: string;
  readonly platform: string;
}

export function benchMachine(): BenchMachine {
  const cpu = cpus();
  return {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}
