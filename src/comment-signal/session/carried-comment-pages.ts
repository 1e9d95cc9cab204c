import { sql, type RawBuilder } from 'kysely';
import type { CommentWatermarkBound } from './comment-signal-source';
import { jsonbElementsOfBoth } from '../../database';
import { isUuid } from '../../ground';

/** Exact to the microsecond and independent of the session's TimeZone and DateStyle. */
const TIMESTAMP_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/** A working-set page as a turn hands it on: times relative to now, or exact database times. */
export interface OutgoingCommentPage {
  readonly pageId: string;
  /** Comments up to here were reported or read. */
  readonly watermark: CommentWatermarkBound;
  /** When the page was last counted, as "so long ago"; absent: never in this session. */
  readonly checkedMillisecondsAgo?: number;
  /** When the page was last touched, as "so long ago": its rank in the working set. */
  readonly touchedMillisecondsAgo: number;
}

/** A working-set page as the next turn receives it, least recently touched first. */
export interface CarriedCommentPage {
  readonly pageId: string;
  /** On the database clock, to the microsecond, as text (never through a JS Date). */
  readonly watermark: string;
  /** How long ago the page was last counted, by the database clock; null: never. */
  readonly checkedMillisecondsAgo: number | null;
  /** How long ago a turn last touched the page, by the database clock: its rank in the working set. */
  readonly touchedMillisecondsAgo: number;
}

function agoSql(field: string): RawBuilder<unknown> {
  return sql`now() - (page.value->>${field})::float8 * interval '1 millisecond'`;
}

/**
 * A turn's pages as a jsonb array in the stored shape (`pageId`, `watermark`, `checkedAt`,
 * `touchedAt`, all database times as text): relative times are resolved against the
 * database's `now()`, exact ones are kept to the microsecond.
 */
export function outgoingCommentPagesSql(
  pages: readonly OutgoingCommentPage[],
): RawBuilder<unknown> {
  const incoming = JSON.stringify(
    pages
      .filter((page) => isUuid(page.pageId))
      .map((page) => ({
        pageId: page.pageId,
        ...('database' in page.watermark
          ? { watermarkAt: page.watermark.database }
          : { watermarkAgo: Math.max(0, page.watermark.millisecondsAgo) }),
        ...(page.checkedMillisecondsAgo === undefined
          ? {}
          : { checkedAgo: Math.max(0, page.checkedMillisecondsAgo) }),
        touchedAgo: Math.max(0, page.touchedMillisecondsAgo),
      })),
  );
  return sql`(
    select coalesce(jsonb_agg(jsonb_build_object(
      'pageId', resolved.page_id,
      'watermark', to_char(resolved.watermark at time zone 'UTC', ${TIMESTAMP_TEXT}),
      'checkedAt', to_char(resolved.checked_at at time zone 'UTC', ${TIMESTAMP_TEXT}),
      'touchedAt', to_char(resolved.touched_at at time zone 'UTC', ${TIMESTAMP_TEXT}))), '[]'::jsonb)
    from (
      select page.value->>'pageId' as page_id,
        coalesce((page.value->>'watermarkAt')::timestamptz, ${agoSql('watermarkAgo')}) as watermark,
        ${agoSql('checkedAgo')} as checked_at,
        ${agoSql('touchedAgo')} as touched_at
      from jsonb_array_elements(${incoming}::text::jsonb) as page(value)
    ) resolved
  )`;
}

/**
 * The SQL expression merging two stored page arrays: each page once, with the greatest
 * watermark and the latest check and touch of either; beyond `maxPages` the least recently
 * touched pages leave. Two turns of one chat ending at once lose neither's progress.
 */
export function mergeCommentPagesSql(
  stored: RawBuilder<unknown>,
  incoming: RawBuilder<unknown>,
  maxPages: number,
): RawBuilder<unknown> {
  return sql`(
    select coalesce(jsonb_agg(jsonb_build_object(
      'pageId', kept.page_id,
      'watermark', to_char(kept.watermark at time zone 'UTC', ${TIMESTAMP_TEXT}),
      'checkedAt', to_char(kept.checked_at at time zone 'UTC', ${TIMESTAMP_TEXT}),
      'touchedAt', to_char(kept.touched_at at time zone 'UTC', ${TIMESTAMP_TEXT})) order by kept.touched_at), '[]'::jsonb)
    from (
      select page.value->>'pageId' as page_id,
        max((page.value->>'watermark')::timestamptz) as watermark,
        max((page.value->>'checkedAt')::timestamptz) as checked_at,
        max((page.value->>'touchedAt')::timestamptz) as touched_at
      from ${jsonbElementsOfBoth(stored, incoming)} page
      where jsonb_typeof(page.value->'pageId') = 'string' and jsonb_typeof(page.value->'watermark') = 'string'
      group by page.value->>'pageId'
      order by touched_at desc, page_id
      limit ${maxPages}::int
    ) kept
  )`;
}

/**
 * The stored pages as the next turn reads them (`checkedMillisecondsAgo` measured on the
 * database clock), least recently touched first.
 */
export function readCommentPagesSql(
  stored: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`(
    select coalesce(jsonb_agg(jsonb_build_object(
      'pageId', page.value->>'pageId',
      'watermark', page.value->>'watermark',
      'checkedMillisecondsAgo', extract(epoch from now() - (page.value->>'checkedAt')::timestamptz) * 1000,
      'touchedMillisecondsAgo', extract(epoch from now() - (page.value->>'touchedAt')::timestamptz) * 1000)
      order by (page.value->>'touchedAt')::timestamptz), '[]'::jsonb)
    from jsonb_array_elements(${stored}) as page(value)
  )`;
}

/** Reads what `readCommentPagesSql` returned; malformed entries are skipped. */
export function parseCarriedCommentPages(read: unknown): CarriedCommentPage[] {
  if (!Array.isArray(read)) return [];
  return read.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const {
      pageId,
      watermark,
      checkedMillisecondsAgo,
      touchedMillisecondsAgo,
    } = entry as Record<string, unknown>;
    if (
      typeof pageId !== 'string' ||
      !isUuid(pageId) ||
      typeof watermark !== 'string'
    )
      return [];
    const checked = Number(checkedMillisecondsAgo ?? Number.NaN);
    const touched = Number(touchedMillisecondsAgo ?? Number.NaN);
    return [
      {
        pageId,
        watermark,
        checkedMillisecondsAgo: Number.isFinite(checked)
          ? Math.max(0, checked)
          : null,
        touchedMillisecondsAgo: Number.isFinite(touched)
          ? Math.max(0, touched)
          : 0,
      },
    ];
  });
}
