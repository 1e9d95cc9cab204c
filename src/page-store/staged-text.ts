import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../database';

/** Texts from this many characters are sent in pieces (`stagedText`). */
export const STAGED_TEXT_CHARS = 1024 * 1024;
/** Characters per piece: one statement each. */
const PIECE_CHARS = 256 * 1024;

/** Staged texts so far: each gets its own key in the transaction's table. */
let staged = 0;

/**
 * `text` as an SQL expression of type text, for a statement in the transaction `trx`: the text as
 * a parameter when it is short; otherwise sent first in pieces of 256 K characters to a temporary
 * table of the transaction, one statement each, and joined back by the database. A driver builds
 * a statement's message on the calling thread in one go: postgres.js copies a 9 MB document's
 * message four times over while growing it (~140 ms of the event loop), node-postgres ~40 ms.
 * Piece by piece, the event loop turns between two of them.
 */
export async function stagedText(
  trx: Kysely<DB>,
  text: string,
): Promise<RawBuilder<string>> {
  if (text.length < STAGED_TEXT_CHARS) return sql<string>`${text}::text`;
  if (!trx.isTransaction)
    throw new Error('stagedText needs a transaction: its table lasts one');
  // Dropped at the end of the transaction, whatever its outcome; made once per transaction.
  await sql`create temporary table if not exists docmost_ai_tools_staged_text (key integer not null, position integer not null, part text not null) on commit drop`.execute(
    trx,
  );
  staged = (staged % 2_000_000_000) + 1;
  const key = staged;
  let position = 0;
  for (let start = 0; start < text.length; position++) {
    let end = Math.min(text.length, start + PIECE_CHARS);
    // Never between the two halves of a character outside the BMP: each piece is sent as UTF-8.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    await sql`insert into docmost_ai_tools_staged_text (key, position, part) values (${key}, ${position}, ${text.slice(start, end)})`.execute(
      trx,
    );
    start = end;
  }
  return sql<string>`(select string_agg(part, '' order by position) from docmost_ai_tools_staged_text where key = ${key})`;
}
