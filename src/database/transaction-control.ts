/**
 * A raw transaction statement as Kysely's `db.connection()` users send it: `BEGIN …`/`START
 * TRANSACTION …` (with its options), `COMMIT`/`END`, `ROLLBACK` (not `ROLLBACK TO` a
 * savepoint); undefined for any other statement.
 */
export function transactionControl(
  text: string,
):
  | { readonly statement: 'begin'; readonly options: string }
  | { readonly statement: 'commit' | 'rollback' }
  | undefined {
  const begin = /^\s*(?:begin|start\s+transaction)\b([a-z ]*?)\s*;?\s*$/i.exec(
    text,
  );
  if (begin) return { statement: 'begin', options: begin[1]!.trim() };
  if (/^\s*(?:commit|end)\s*;?\s*$/i.test(text)) return { statement: 'commit' };
  if (/^\s*rollback\s*;?\s*$/i.test(text)) return { statement: 'rollback' };
  return undefined;
}
