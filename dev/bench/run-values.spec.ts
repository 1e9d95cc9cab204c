import type { ChatCompletionsBody } from '../chat-completions/chat-completions';
import { runValuesInOrder, withReferenceRunValues } from './run-values';

const SEEDED_PAGE = '5eed0007-0000-4000-8000-000000000004';

function chat(
  historyId: string,
  version: string,
  slugId: string,
): ChatCompletionsBody[] {
  const first: ChatCompletionsBody = {
    model: 'stand-in',
    messages: [
      { role: 'user', content: `Change a cell of ${SEEDED_PAGE}.` },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: JSON.stringify({ pageId: SEEDED_PAGE, version, historyId }),
      },
    ],
  };
  const second: ChatCompletionsBody = {
    ...first,
    messages: [
      ...first.messages,
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: JSON.stringify({
          path: `/s/product/p/${slugId}`,
          slugId,
          title: 'Notes',
          historyId,
        }),
      },
    ],
  };
  return [first, second];
}

describe('values a run makes anew', () => {
  const off = chat(
    '4ce41c6d-6208-4bcc-91ba-68452ee06a55',
    '2026-12-07 04:22:54.340984+00',
    'VFEpewF8Mc',
  );
  const on = chat(
    '43c180e2-41f8-4bf8-9ee9-67535204cf6b',
    '2026-12-07 04:23:37.480888+00',
    'WRdVfawh28',
  );

  it('are found in the order they first appear, each once, seeded ids included', () => {
    expect(runValuesInOrder(off)).toEqual([
      SEEDED_PAGE,
      '2026-12-07 04:22:54.340984+00',
      '4ce41c6d-6208-4bcc-91ba-68452ee06a55',
      'VFEpewF8Mc',
    ]);
  });

  it("are replaced by the reference chat's, so the two chats read the same text", () => {
    const aligned = withReferenceRunValues(on, off);
    expect(aligned).toEqual(off);
    // A value is replaced wherever it appears, inside the page's path too.
    expect(JSON.stringify(aligned)).not.toContain('WRdVfawh28');
    // The recorded requests themselves are left as they were.
    expect(on[0]!.messages[1]!.content).toContain('43c180e2');
  });

  it('are left alone when the chats made different numbers of them', () => {
    const longer = [
      ...on,
      {
        model: 'stand-in',
        messages: [{ role: 'user' as const, content: '2026-12-08T10:00:00Z' }],
      },
    ];
    expect(withReferenceRunValues(longer, off)).toEqual(longer);
  });
});
