import { z } from 'zod';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import {
  baseVersionField,
  idField,
  markdownField,
  MAX_MARKDOWN_LENGTH,
  optionalIdField,
  pageIdField as pageId,
  pageTitleField,
} from '../shared-fields';
import { ADDS, CHANGES, READ_ONLY, REPLACES } from '../tool-annotations';

const baseVersion = baseVersionField.describe(
  'Optional: the `version` of the page when you read it (getPageJson and exportPageMarkdown return it). If the page changed since (a human edited it), the write fails with a conflict and nothing is written. Omit to write over whatever is current.',
);

/**
 * Whole-page content tools of the deferred tier: scripted rewrites, full-body writes from
 * Markdown, page creation, the lossless Markdown round trip and stashing a page for an external
 * consumer. Their executors are `CONTENT_EXECUTORS` (index.ts).
 */
export const CONTENT_TOOLS = [
  defineTool({
    name: 'transformPage',
    mcpName: 'transform_page',
    title: 'Transform a page with a script',
    description: [
      'Rewrites a whole page by running a JavaScript function `(doc, ctx) => doc` against its current ProseMirror document, in an isolated sandbox.',
      'Use it for systematic edits that would otherwise take many patchNode/editPageText calls: renaming a term everywhere outside code blocks, renumbering headings, converting every bullet list of a section, normalising table cells. For one or two blocks prefer patchNode or editPageText.',
      '`doc` is your own copy of the page content as getPageJson returns it (type "doc", blocks in `content`, block ids in `attrs.id`, whole: getPage shows only their first letters, so match those with `startsWith`); mutate it or build a new one, and RETURN it.',
      '`ctx` holds `pageId`, `title` and pure helpers: `ctx.text(node)` (plain text, blocks on separate lines); `ctx.walk(node, (node, parent, index) => ...)` (every node depth-first; return false to skip its children; replace a node with `parent.content[index] = newNode`); `ctx.find(node, predicate)` (array of matching nodes); `ctx.newId()` (a fresh 12-letter block id); `ctx.paragraph(text)` and `ctx.heading(level, text)` (new blocks with ids). `console.log` output is returned as `logs`.',
      'Sandbox: plain synchronous JavaScript (ES2023) only; no require/import, network, timers, async or host access. Limits: 1 second (one built-in call on a huge string or array, such as indexOf or sort, is stopped at 5 seconds), 32 MiB memory, a few hundred nested calls, 20,000-character script, pages up to 5 MiB of JSON. A syntax error (with line and column), an exception, a timeout, the memory limit, or a result that is not a document fails the call and nothing is written.',
      'The result must be a whole document `{ type: "doc", content: [...] }` and is validated like updatePageJson: unknown node or mark types are rejected by name, misplaced nodes (a list item outside a list, a cell outside a row) are refused, missing or duplicate block ids are generated.',
      'dryRun defaults to TRUE: the call returns a preview and writes nothing: text changes line by line, top-level blocks changed, counts of images, links, tables, headings, comment anchors and embeds before and after (with warnings for any that went down), and the page `version` the script ran on.',
      'Check the preview (lost images or comment anchors mean the script is wrong), then call again with the same script, dryRun false and baseVersion set to that version. If the page changed since (a human edited it), the write fails with a conflict and nothing is written: run the dry run again.',
      'A script that changes nothing writes nothing. Every write adds a page history version (revert with restorePageVersion). Needs write access to the page, for dry runs too.',
    ].join('\n'),
    tier: 'deferred',
    catalogLine: CATALOG_LINES.transformPage,
    inputSchema: z.object({
      pageId,
      script: z
        .string()
        .min(1)
        .max(20_000)
        .describe(
          "JavaScript source of ONE function taking (doc, ctx) and returning the new document, e.g. \"(doc, ctx) => { ctx.walk(doc, (node) => { if (node.type === 'text') node.text = node.text.replace(/colour/g, 'color'); }); return doc; }\". Helper declarations may precede it if the function is the last statement.",
        ),
      dryRun: z
        .boolean()
        .default(true)
        .describe(
          'true (default): preview the diff and write nothing. false: write the result as a new version.',
        ),
      baseVersion: baseVersion.describe(
        'With dryRun false: the `version` the dry run reported. If the page changed since, nothing is written and you get a conflict.',
      ),
    }),
    annotations: CHANGES,
  }),

  defineTool({
    name: 'updatePageContent',
    mcpName: 'update_page_content',
    title: 'Replace page content with Markdown',
    description: [
      'Replaces the ENTIRE body of a page with new content written in Markdown: # headings, paragraphs, **bold**, _italic_, ~~strike~~, `code`, <u>underline</u>, [links](url), images on a line of their own (![alt](url)), - bullet, 1. numbered and - [ ] / - [x] task lists (nest by indenting), GFM tables (the first row is the header), ``` fenced code with a language, > quotes, > [!info] callouts (also warning, danger, success), --- rules, and hard line breaks (a trailing backslash). Any other HTML is kept as literal text.',
      'Use it to rewrite a page from scratch or to fill an empty page. It is a full-body write: anything not in your Markdown is gone, including comment anchors, block ids (every block gets a new one), images, embeds and diagrams.',
      'For targeted edits use editPageText (text) or patchNode/insertNode/deleteNode (blocks); for a lossless round trip of a whole page use exportPageMarkdown then importPageMarkdown; to create a new page use createPage.',
      'The title is not changed (use renamePage). Do not repeat the title as a leading "# " heading unless the page really needs one.',
      'Markdown the converter cannot read (an inline tag such as <u> left unclosed) is refused with its line number and nothing is written.',
      'Pass the `version` you read as baseVersion: if a human edited the page since, the write fails with a conflict instead of discarding their edit. Every write adds a page history version (revert with restorePageVersion). Returns the page id, its new version and the block count.',
    ].join('\n'),
    tier: 'deferred',
    catalogLine: CATALOG_LINES.updatePageContent,
    inputSchema: z.object({
      pageId,
      markdown: markdownField(
        'The complete new body of the page, in Markdown. An empty string empties the page.',
      ),
      baseVersion,
    }),
    annotations: REPLACES,
  }),

  defineTool({
    name: 'createPage',
    mcpName: 'create_page',
    title: 'Create a page',
    description: [
      'Creates a new page in a space, with a title and optional Markdown content (the same Markdown as updatePageContent), at the space root or nested under a parent page; it becomes the last page at that level of the sidebar.',
      'Use listSpaces to find the space id and searchPages/listSidebarPages to find a parent. Only create a page when the user asked for one; to change an existing page use the editing tools.',
      'Requires write access to the space.',
      "Returns the new page's id, slugId, title, spaceId, parentPageId, its path in the web app (/s/<space slug>/p/<slugId>) and its version.",
    ].join('\n'),
    tier: 'deferred',
    catalogLine: CATALOG_LINES.createPage,
    inputSchema: z.object({
      spaceId: idField(
        'The space to create the page in (an id from listSpaces).',
      ),
      title: pageTitleField(
        'The page title, shown in the sidebar and as the page heading.',
      ),
      markdown: z
        .string()
        .max(MAX_MARKDOWN_LENGTH)
        .optional()
        .describe('Initial body in Markdown. Omit for an empty page.'),
      parentPageId: optionalIdField(
        'Nest the page under this page (id or slugId, same space). Omit to create it at the space root.',
      ),
    }),
    annotations: ADDS,
  }),

  defineTool({
    name: 'exportPageMarkdown',
    mcpName: 'export_page_markdown',
    title: 'Export a page as lossless Markdown',
    description: [
      'Exports one page as a single Docmost-flavoured Markdown file that round-trips without loss: ordinary Markdown for text, lists, tables and code, plus annotations that keep what Markdown cannot say.',
      'Annotations: `{#abcdefghijkl}` at the end of a paragraph, heading or table cell is its block id (other attributes follow as key=value); `<span data-comment-id="…" data-resolved="false">text</span>` anchors a comment thread; `> [!info]` starts a callout; `{align=center width=320}` right after an image holds its attributes; `<u>`, `<sub>`, `<sup>` and `<span data-mark=…>` / `<span data-node=…>` carry other marks and inline nodes such as mentions; a ```docmost-json block holds the exact JSON of a node Markdown cannot express (embeds, diagrams, merged table cells); a leading ```docmost-defaults block lists attribute values shared by every node of a type.',
      'Use it to edit a page as text in bulk: export, change the Markdown while leaving the annotations in place, then write it back with importPageMarkdown. For reading a page, getPage is cheaper; for structural edits, getPageJson.',
      'Read-only, at most 100,000 characters of Markdown by default (stashPage hands a larger page over by URL).',
      'Returns the page id, slugId, title, version (pass it to importPageMarkdown as baseVersion), the number of docmost-json blocks and the Markdown text.',
    ].join('\n'),
    tier: 'deferred',
    catalogLine: CATALOG_LINES.exportPageMarkdown,
    inputSchema: z.object({ pageId }),
    annotations: READ_ONLY,
  }),

  defineTool({
    name: 'importPageMarkdown',
    mcpName: 'import_page_markdown',
    title: 'Replace page content from exported Markdown',
    description: [
      "Replaces a page's content with a Markdown file in the format exportPageMarkdown produces, restoring the Docmost extensions it annotates (block ids, comment anchors, callouts, embeds, images).",
      'Use it as the second half of the export -> edit -> import round trip. Keep the annotations you did not mean to change: a removed comment anchor detaches its comment thread, a removed block id gives the block a new one.',
      'Plain Markdown without annotations is accepted too but then behaves like updatePageContent (Docmost-specific content is lost).',
      "A malformed annotation (a docmost-json block that is not valid JSON, an unclosed <span>) is rejected with its line number, and a document Docmost's editor cannot hold is rejected naming the problem; nothing is written then. Pass the `version` exportPageMarkdown returned as baseVersion: if the page changed since the export, the write fails with a conflict. Every write adds a page history version (revert with restorePageVersion).",
      'Returns the page id, its new version, the block count and how many blocks got a new id.',
    ].join('\n'),
    tier: 'deferred',
    catalogLine: CATALOG_LINES.importPageMarkdown,
    inputSchema: z.object({
      pageId,
      markdown: markdownField(
        'The whole page as Docmost-flavoured Markdown, normally an edited exportPageMarkdown result.',
      ),
      baseVersion,
    }),
    annotations: REPLACES,
  }),

  defineTool({
    name: 'stashPage',
    mcpName: 'stash_page',
    title: 'Stash a page behind a short-lived URL',
    description: [
      'Snapshots a whole page behind a short-lived anonymous URL, so an external consumer (another tool, a converter, a fetcher) can download it without the content passing through your context.',
      'Use it when a page is too large to read or pass along and the consumer can fetch a URL. Do not use it to show a page to the user (link the page instead) or to publish it (sharePage, and only when asked).',
      'The snapshot is one file: format "json" (default) is `{ pageId, slugId, title, spaceId, version, exportedAt, content }`, `content` being the ProseMirror document as getPageJson returns it; format "markdown" is the Docmost-flavoured Markdown file exportPageMarkdown produces (the title only in the file name). Both are the page as the public share view of Docmost serves it: without comment anchors and without HTML embed blocks. Images are included as image nodes (Markdown image references) with their `src` URLs and attributes; the image files themselves are not copied, and Docmost-hosted `src` paths need a Docmost session to download.',
      'Anyone holding the URL can download the snapshot until it expires, without signing in: pass it only to the consumer that needs it, never paste it into pages, comments or messages to other people. After expiry the URL stops working.',
      'The snapshot is taken at call time; later edits are not reflected. At most 20 MiB per snapshot and 20 unexpired stashes per user. Needs read access to the page; refused, as sharePage is, for a restricted page and where public sharing is disabled, and the link stops working if that becomes so later. Workspace admins can see and revoke stash links.',
      'Returns `{ url, expiresAt, bytes, format }` plus the page id, title and image count.',
    ].join('\n'),
    tier: 'deferred',
    catalogLine: CATALOG_LINES.stashPage,
    inputSchema: z.object({
      pageId,
      format: z
        .enum(['json', 'markdown'])
        .default('json')
        .describe(
          '"json" (default): the lossless ProseMirror document with the page\'s metadata. "markdown": the exportPageMarkdown file, for consumers that read text.',
        ),
      expiresInMinutes: z
        .number()
        .int()
        .min(1)
        .max(1440)
        .default(15)
        .describe(
          'How long the URL stays valid, in minutes (1-1440, default 15). Keep it as short as the consumer allows.',
        ),
    }),
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
  }),
] as const;

/** One content tool, by its name: what its executor's input is typed by. */
export type ContentTool<Name extends string> = Extract<
  (typeof CONTENT_TOOLS)[number],
  { name: Name }
>;
