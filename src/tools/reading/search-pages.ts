import { findUnstorableText } from '../../stored-document';
import { ToolError } from '../../ground';
import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import type { DB } from '../../database';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { requireSpace } from '../../access';
import type { searchPagesTool } from './reading.tools';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import { readablePages } from './readable-pages';

export interface PageSearchHit {
  readonly id: string;
  readonly slugId: string;
  readonly title: string;
  readonly spaceId: string;
  /** Plain text around the best match (or the page's beginning), at most ~200 characters. */
  readonly snippet: string;
  readonly rank: number;
}

export interface SearchPagesResult {
  readonly query: string;
  readonly hits: readonly PageSearchHit[];
  /** Present when no page had every word and the hits match some of them. */
  readonly note?: string;
}

const MAX_QUERY_WORDS = 12;
const SNIPPET_CHARS = 200;
/** Characters of text shown before a literal match. */
const SNIPPET_LEAD = 80;

/** Words of the query usable in a tsquery: letters and digits only, so no tsquery syntax gets through. */
function queryWords(query: string): string[] {
  return [
    ...new Set(
      (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(
        0,
        MAX_QUERY_WORDS,
      ),
    ),
  ];
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One line of at most ~200 characters; a snippet cut inside a word starts at the next word. */
function cleanSnippet(snippet: string, cutAtStart: boolean): string {
  let flat = snippet.replace(/\s+/g, ' ').trim();
  if (cutAtStart) flat = `…${flat.replace(/^\S*\s/, '')}`;
  return flat.length <= SNIPPET_CHARS
    ? flat
    : `${flat.slice(0, SNIPPET_CHARS - 1)}…`;
}

/**
 * Prefix matching on stemmed words ("roadm" finds "Roadmap"), combined with AND or OR, over
 * the same unaccented text Docmost's trigger indexes; null when the query has no words (only
 * symbols), leaving the substring match alone.
 */
function prefixQuery(
  words: readonly string[],
  operator: '&' | '|',
): RawBuilder<unknown> | null {
  if (words.length === 0) return null;
  return sql`to_tsquery('english', f_unaccent(${words.map((word) => `${word}:*`).join(` ${operator} `)}))`;
}

/**
 * Characters of a page's text read for the literal-substring bonus and for the snippet. PostgreSQL
 * decompresses only that much of a long text, so a 5 MB page costs what a 100 KB page costs.
 */
const LITERAL_SOURCE_CHARS = 100_000;

/**
 * Candidates come from Docmost's `pages.tsv` through its GIN index (`pages_tsv_idx`), never from
 * text parsed at query time. Only a query without searchable words (symbols only, or stop words
 * only such as "the") falls back to a substring scan, in a second branch the database skips
 * (a one-time filter) whenever the text query has lexemes. Ranking, access rules and the limit
 * stay in the same statement; snippets are computed for the returned hits only.
 */
async function runSearch(
  db: Kysely<DB>,
  context: ToolCallContext,
  input: ToolInput<typeof searchPagesTool>,
  query: RawBuilder<unknown> | null,
): Promise<PageSearchHit[]> {
  const pattern = `%${escapeLike(input.query)}%`;
  const titleMatch = sql<boolean>`coalesce(pages.title, '') ilike ${pattern}`;
  const bodyPosition = sql<number>`strpos(lower(substr(coalesce(pages.text_content, ''), 1, ${LITERAL_SOURCE_CHARS})), lower(${input.query}))`;
  const textRank = query
    ? sql<number>`ts_rank(pages.tsv, ${query})::float8`
    : sql<number>`0::float8`;

  const candidates = () =>
    readablePages(db, context, input.spaceId)
      .select([
        'pages.id',
        'pages.slugId',
        'pages.title',
        'pages.spaceId',
        'pages.updatedAt',
      ])
      .select(textRank.as('textRank'))
      .select(titleMatch.as('titleMatch'))
      .select(bodyPosition.as('bodyPosition'));
  const substring = (eb: ExpressionBuilder<DB, 'pages'>) =>
    eb.or([
      eb(titleMatch, '=', true),
      eb(sql`coalesce(pages.text_content, '')`, 'ilike', pattern),
    ]);
  // A literal substring is what the user typed: it outranks stem matches, a title hit most.
  // Computed once per candidate from the columns above (each reads the text only once).
  const rank = sql<number>`(matches.text_rank + case when matches.title_match then 1 else 0 end + case when matches.body_position > 0 then 0.5 else 0 end)`;
  const matches = query
    ? candidates()
        .where(sql<boolean>`pages.tsv @@ ${query}`)
        .unionAll(
          candidates()
            .where(sql<boolean>`(select numnode(${query}) = 0)`)
            .where(substring),
        )
    : candidates().where(substring);
  const top = db
    .selectFrom(matches.as('matches'))
    .select([
      'matches.id',
      'matches.slugId',
      'matches.title',
      'matches.spaceId',
      'matches.updatedAt',
      'matches.bodyPosition',
    ])
    .select(rank.as('rank'))
    .orderBy('rank', 'desc')
    .orderBy('updatedAt', 'desc')
    .limit(input.limit)
    .as('top');
  const headline = query
    ? sql<string>`ts_headline('english', substr(coalesce(pages.text_content, ''), 1, ${LITERAL_SOURCE_CHARS}), ${query}, 'MaxWords=30, MinWords=12, MaxFragments=1, StartSel="", StopSel=""')`
    : sql<string>`left(coalesce(pages.text_content, ''), ${SNIPPET_CHARS})`;
  const snippet = sql<string>`case when top.body_position > 0 then substr(pages.text_content, greatest(1, top.body_position - ${SNIPPET_LEAD}), ${SNIPPET_CHARS + 20}) else ${headline} end`;
  const rows = await db
    .selectFrom(top)
    .innerJoin('pages', 'pages.id', 'top.id')
    .select([
      'top.id',
      'top.slugId',
      'top.title',
      'top.spaceId',
      'top.rank',
      'top.bodyPosition',
    ])
    .select(snippet.as('snippet'))
    .orderBy('top.rank', 'desc')
    .orderBy('top.updatedAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slugId: row.slugId,
    title: row.title ?? '',
    spaceId: row.spaceId,
    snippet: cleanSnippet(
      row.snippet ?? '',
      row.bodyPosition > SNIPPET_LEAD + 1,
    ),
    rank: Math.round(row.rank * 1000) / 1000,
  }));
}

/** Full-text search over title and body, only in the caller's spaces, best first. */
export async function searchPages(
  { db }: ToolExecutorDependencies,
  input: ToolInput<typeof searchPagesTool>,
  context: ToolCallContext,
): Promise<SearchPagesResult> {
  if (findUnstorableText(input.query) === 'nul') {
    throw new ToolError(
      'invalid_input',
      'query contains the character U+0000 (NUL), which no page text holds; search for the words without it',
    );
  }
  if (input.spaceId !== undefined)
    await requireSpace(db, context, input.spaceId);
  const words = queryWords(input.query);
  const hits = await runSearch(db, context, input, prefixQuery(words, '&'));
  if (hits.length > 0 || words.length < 2) return { query: input.query, hits };
  const anyWordHits = await runSearch(
    db,
    context,
    input,
    prefixQuery(words, '|'),
  );
  return anyWordHits.length === 0
    ? { query: input.query, hits: [] }
    : {
        query: input.query,
        hits: anyWordHits,
        note: 'No page contains every word; these pages match some of them.',
      };
}
