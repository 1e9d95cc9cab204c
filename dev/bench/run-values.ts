import { escapeRegExp } from '../../src/ground';
import type { ChatCompletionsBody } from '../chat-completions/chat-completions';

/**
 * Values a run makes anew every time: ids the database generates (`historyId`, a new page's id),
 * timestamps of writes (`version`, `updatedAt`), and the random strings of what the agent made
 * (a new page's `slugId`, a share's `key`, a page's fractional `position`), which then also
 * appear inside paths and URLs. The same chat played twice, or in two arms, differs only in them,
 * and o200k splits two random ids into different numbers of tokens, so an arm's count would move
 * by a few tokens from run to run for reasons that have nothing to do with how tools are carried.
 */
const RUN_VALUE = new RegExp(
  [
    '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
    '\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?',
    // A value of one of these keys, in a tool result read as escaped JSON text.
    '(?<=\\\\?"(?:slugId|key|position)\\\\?":\\\\?")[A-Za-z0-9]{3,}(?=\\\\?")',
  ].join('|'),
  'gi',
);

/** Every distinct run value of a chat's requests, in the order it first appears. */
export function runValuesInOrder(
  bodies: readonly ChatCompletionsBody[],
): string[] {
  const seen = new Set<string>();
  for (const body of bodies)
    for (const match of JSON.stringify(body.messages).matchAll(RUN_VALUE))
      seen.add(match[0]);
  return [...seen];
}

/**
 * `bodies` with each run value replaced by the value in the same place of `reference`'s first
 * appearances: the k-th new id of one arm's chat becomes the k-th new id of the other's, so
 * the two arms read the very same text wherever they did the same thing. Ids that are equal in
 * both (the seeded workspace's) map to themselves. When the two chats did not make the same
 * number of values (they went different ways), nothing is replaced.
 */
export function withReferenceRunValues(
  bodies: readonly ChatCompletionsBody[],
  reference: readonly ChatCompletionsBody[],
): ChatCompletionsBody[] {
  const own = runValuesInOrder(bodies);
  const theirs = runValuesInOrder(reference);
  if (own.length !== theirs.length) return [...bodies];
  const replacement = new Map(
    own.map((value, index) => [value, theirs[index]!]),
  );
  if (replacement.size === 0) return [...bodies];
  // Every occurrence, also inside a path or URL (`/p/<slugId>`, `/share/<key>/`); longest first,
  // so no value is replaced inside a longer one.
  const anyValue = new RegExp(
    [...replacement.keys()]
      .sort((left, right) => right.length - left.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return bodies.map((body) => ({
    ...body,
    messages: JSON.parse(
      JSON.stringify(body.messages).replace(
        anyValue,
        (value) => replacement.get(value) ?? value,
      ),
    ) as ChatCompletionsBody['messages'],
  }));
}
