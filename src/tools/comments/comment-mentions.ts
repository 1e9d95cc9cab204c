import type { Kysely } from 'kysely';
import type { DB } from '../../database';
import { abbreviate, isUuid } from '../../ground';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { ToolError } from '../../registry/tool-error';
import { mentionedIds, type CommentMentions } from './comment-body';

/**
 * The people a comment's text mentions (`<@userId>`), each a member of the caller's workspace;
 * an id that names nobody there is refused, so no mention silently goes nowhere.
 */
export async function commentMentions(
  db: Kysely<DB>,
  context: ToolCallContext,
  text: string,
): Promise<CommentMentions | undefined> {
  const ids = mentionedIds(text);
  if (ids.length === 0) return undefined;
  const people = ids.every(isUuid)
    ? await db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', 'in', ids)
        .where('workspaceId', '=', context.workspaceId)
        .where('deletedAt', 'is', null)
        .execute()
    : [];
  const names = new Map(
    people.map((person) => [person.id, person.name ?? person.email]),
  );
  const unknown = ids.filter((id) => !names.has(id));
  if (unknown.length > 0)
    throw new ToolError(
      'invalid_input',
      `${unknown.map((id) => `<@${abbreviate(id, 40)}>`).join(', ')} in content names no member of this workspace: a mention is <@userId> with the id of a person (listComments shows authors' ids); nothing was written`,
      { unknown },
    );
  return { names, creatorId: context.userId };
}
