import { abbreviate } from '../../ground';

/**
 * The one allow-list every URL attribute of a page goes through (a link's href, an image's or
 * embed's src, an attachment's url...). The agent may be acting on injected instructions, and a
 * `javascript:` link or a `data:text/html` frame would run in the reader's Docmost session, so
 * only schemes that navigate or load plainly are accepted:
 *
 * - `http:`, `https:`, `mailto:`, `tel:`;
 * - relative references: Docmost's own paths (`/files/...`, `/api/files/...`, `/s/space/p/slug`),
 *   `#anchors`, `?queries`, `//host` (which inherits http or https) and plain relative paths;
 * - `data:` only for an image's `src` holding a raster image (png, jpeg, gif, webp, avif, bmp):
 *   pasted images arrive that way and a browser shows them as pixels; SVG is refused (it can
 *   carry script), as is every other data type.
 *
 * Values are read as a browser reads them: leading control characters and spaces are ignored,
 * as are tabs and newlines anywhere (`java\tscript:` is `javascript:`).
 */
export const ALLOWED_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const RASTER_DATA_IMAGE =
  /^data:image\/(?:png|jpeg|jpg|gif|webp|avif|bmp)(?:;[a-z0-9=.+-]+)*(?:;base64)?,/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** How a browser reads the value before deciding what it points to. */
function asBrowserReads(value: string): string {
  // eslint-disable-next-line no-control-regex -- browsers skip leading control characters and spaces
  return value.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
}

export interface UrlAttribute {
  readonly nodeType: string;
  readonly attribute: string;
}

/** What is wrong with a URL attribute's value, or undefined when it is allowed. */
export function findUrlProblem(
  value: unknown,
  where: UrlAttribute,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string')
    return `${where.attribute} must be a string URL, not ${Array.isArray(value) ? 'an array' : typeof value}`;
  const url = asBrowserReads(value);
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (
    scheme === undefined ||
    (ALLOWED_URL_SCHEMES as readonly string[]).includes(scheme)
  )
    return undefined;
  if (
    scheme === 'data' &&
    where.nodeType === 'image' &&
    where.attribute === 'src' &&
    RASTER_DATA_IMAGE.test(url)
  )
    return undefined;
  const dataHint =
    scheme === 'data'
      ? ' (data: URLs are accepted only as an image src holding a png, jpeg, gif, webp, avif or bmp image)'
      : '';
  return (
    `${where.attribute} "${abbreviate(value, 40)}" uses the scheme "${abbreviate(scheme, 20)}:", which Docmost pages may not hold${dataHint}; ` +
    `allowed: ${ALLOWED_URL_SCHEMES.map((name) => `${name}:`).join(', ')} or a relative path such as /files/... or /api/files/...`
  );
}
