import { claimsMissingCapability } from './capability-claim';

describe('claimsMissingCapability', () => {
  it.each([
    "I'm sorry, I can't do that: I don't have a tool for it.",
    'I cannot edit tables.',
    "I can't directly change the table.",
    "I can't find a tool named table_update_cel, so I cannot do this.",
    'I am unable to move pages.',
    "I don't have the ability to share pages.",
    'The tool sharePage is not available to me.',
    'There is no tool to restore versions.',
  ])('flags "%s"', (answer) => {
    expect(claimsMissingCapability(answer)).toBe(true);
  });

  it.each([
    'Updated the Team price to $10.',
    "I can't find a page called Budget; which one do you mean?",
    "Done. You can't undo this from the chat, but the page history keeps the old version.",
    'I could not finish: getTable kept failing.',
  ])('lets "%s" pass', (answer) => {
    expect(claimsMissingCapability(answer)).toBe(false);
  });
});
