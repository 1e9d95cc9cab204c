import type { PrepareStepFunction, ToolSet } from 'ai';
import { composePrepareStep } from './compose-prepare-step';

type StepOptions = Parameters<PrepareStepFunction<ToolSet>>[0];

function step(stepNumber: number): StepOptions {
  return {
    stepNumber,
    steps: [],
    messages: [],
    model: 'test-model',
    experimental_context: undefined,
  } as unknown as StepOptions;
}

const visible = (): readonly string[] => [
  'searchPages',
  'loadTools',
  'getTable',
];
const allActive = (): undefined => undefined;

describe('composePrepareStep', () => {
  it('applies the turn visibility when the host has no prepareStep', async () => {
    expect(await composePrepareStep(visible)(step(0))).toEqual({
      activeTools: ['searchPages', 'loadTools', 'getTable'],
    });
  });

  it('lets the host lockdown win: its activeTools are used as returned, never widened', async () => {
    const lockdown: PrepareStepFunction<ToolSet> = () => ({
      activeTools: [],
      toolChoice: 'none',
      system: 'answer now',
    });
    expect(await composePrepareStep(visible, lockdown)(step(5))).toEqual({
      activeTools: [],
      toolChoice: 'none',
      system: 'answer now',
    });
    const restricted: PrepareStepFunction<ToolSet> = () => ({
      activeTools: ['searchPages'],
    });
    expect(await composePrepareStep(visible, restricted)(step(5))).toEqual({
      activeTools: ['searchPages'],
    });
  });

  it('keeps every other field the host returns and adds the visible tools', async () => {
    const host: PrepareStepFunction<ToolSet> = async () => ({
      system: 'final',
      toolChoice: 'none',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(await composePrepareStep(visible, host)(step(3))).toEqual({
      system: 'final',
      toolChoice: 'none',
      messages: [{ role: 'user', content: 'hi' }],
      activeTools: ['searchPages', 'loadTools', 'getTable'],
    });
  });

  it('passes the step options to the host unchanged', async () => {
    const seen: number[] = [];
    await composePrepareStep(
      visible,
      ({ stepNumber }) => void seen.push(stepNumber),
    )(step(4));
    expect(seen).toEqual([4]);
  });

  it('returns the host answer untouched when every tool is active (deferred tools OFF)', async () => {
    const answer = { system: 'final', toolChoice: 'none' as const };
    expect(await composePrepareStep(allActive, () => answer)(step(2))).toBe(
      answer,
    );
    expect(
      await composePrepareStep(allActive, () => undefined)(step(0)),
    ).toBeUndefined();
    expect(await composePrepareStep(allActive)(step(0))).toBeUndefined();
  });

  it('reads visibility at each step, after the host, so tools loaded on the previous step appear', async () => {
    const names = ['searchPages', 'loadTools'];
    const prepareStep = composePrepareStep(
      () => names,
      () => ({}),
    );
    expect(await prepareStep(step(0))).toEqual({
      activeTools: ['searchPages', 'loadTools'],
    });
    names.push('getTable');
    expect(await prepareStep(step(1))).toEqual({
      activeTools: ['searchPages', 'loadTools', 'getTable'],
    });
  });
});
