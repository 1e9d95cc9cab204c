import {
  defaultHeavyWorkLimits,
  resolveHeavyWorkLimits,
} from './heavy-work-options';

describe('resolveHeavyWorkLimits', () => {
  it('fills defaults and keeps given values', () => {
    const limits = resolveHeavyWorkLimits({ threads: 3, deadlineMs: 2500 });
    expect(limits).toEqual({
      ...defaultHeavyWorkLimits(),
      threads: 3,
      deadlineMs: 2500,
    });
    expect(limits.threads).toBeGreaterThanOrEqual(1);
  });

  it('names the option and what is valid when a value is wrong', () => {
    expect(() => resolveHeavyWorkLimits({ threads: 1.5 })).toThrow(
      'HeavyWorkOptions.threads must be a positive integer, got 1.5',
    );
    expect(() => resolveHeavyWorkLimits({ maxQueueWaitMs: -1 })).toThrow(
      'HeavyWorkOptions.maxQueueWaitMs must be a positive number, got -1',
    );
    expect(() => resolveHeavyWorkLimits({ deadlineMs: Number.NaN })).toThrow(
      'HeavyWorkOptions.deadlineMs must be a positive number, got NaN',
    );
  });
});
