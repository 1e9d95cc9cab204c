import { SEED_IDS } from '../../host/seed/seed-ids';

/** Who writes the benches' generated comments: the three seeded users, in turn. */
export const BENCH_COMMENTERS: readonly string[] = [
  SEED_IDS.users.owner,
  SEED_IDS.users.admin,
  SEED_IDS.users.member,
];

/** A generated comment's body as Docmost stores it (one paragraph of ProseMirror JSON). */
export function benchCommentContent(text: string): string {
  return JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
}
