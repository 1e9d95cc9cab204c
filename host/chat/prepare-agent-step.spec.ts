import { FINAL_STEP_INSTRUCTION, prepareAgentStep } from './prepare-agent-step';

describe('prepareAgentStep', () => {
  it('changes nothing before the last step', () => {
    expect(
      prepareAgentStep({ stepNumber: 0, maxSteps: 3, system: 'S' }),
    ).toEqual({});
    expect(
      prepareAgentStep({ stepNumber: 1, maxSteps: 3, system: 'S' }),
    ).toEqual({});
  });

  it('locks the last step down: no tool choice and a synthesis instruction', () => {
    expect(
      prepareAgentStep({ stepNumber: 2, maxSteps: 3, system: 'S' }),
    ).toEqual({
      system: `S\n\n${FINAL_STEP_INSTRUCTION}`,
      toolChoice: 'none',
    });
  });

  it('locks down a one-step turn at once', () => {
    expect(
      prepareAgentStep({ stepNumber: 0, maxSteps: 1, system: 'S' }).toolChoice,
    ).toBe('none');
  });
});
