import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { blockFingerprint, extractText } from '../document';
import { Y, type YDoc, type YXmlElement, type YXmlFragment } from './yjs';
import { liveElementById, liveElementOf, yItemId } from './apply-block-merge';
import type { ReadBlock } from './plan-block-merge';
import { LIVE_VERSION_PREFIX } from './collaboration-pages-options';
import { DOCUMENT_FRAGMENT, elementToNode } from './yjs-document';
import { yieldToEventLoop } from '../workers';

/** One top-level block of a live document as a read sees it. */
export interface LiveBlock {
  /** The block's Yjs item id (`client:clock`), stable while the block lives. */
  readonly id: string;
  /** The block as ProseMirror JSON text. */
  readonly json: string;
  /** `blockFingerprint` of the block. */
  readonly fingerprint: string;
  /** The block's plain text (`extractText`), a line of `pages.text_content` unless empty. */
  readonly text: string;
}

/** A live document's top-level blocks and its version, as one read sees them. */
export interface LiveBlocksView {
  readonly version: string;
  readonly blocks: readonly LiveBlock[];
  /** The document as ProseMirror JSON text (joined on first use, shared by reads of the version). */
  documentText(): string;
}

/** A live document as the database stores it, with the version it was made at. */
export interface LiveStoredDocument {
  /** A hash of the Yjs state: equal versions, equal documents (see `liveDocumentVersion`). */
  readonly version: string;
  /** `pages.content`: the document as ProseMirror JSON text. */
  readonly json: string;
  /** `pages.text_content`: its plain text, as `extractText` makes it. */
  readonly text: string;
}

/**
 * What the reads of one fragment of one live document have converted so far: each top-level
 * block's JSON and fingerprint, kept until something inside that block changes, and the
 * document's version, kept until its next transaction. A read of a page where a human types
 * converts the blocks typed in since the last read, not the whole page: on a 6 MB page the full
 * conversion held the event loop ~400 ms, per read.
 */
class FragmentBlocks {
  private readonly converted = new WeakMap<YXmlElement, LiveBlock>();
  /** The last view, while no transaction came after it: reads of an unchanged page share it. */
  private current: BlocksView | undefined;
  private warming: Promise<void> | undefined;
  /** The document's transactions so far: a warm-up that sees it move was reading an older state. */
  private transactions = 0;

  constructor(
    private readonly document: YDoc,
    private readonly fragment: YXmlFragment,
  ) {
    // Observers run when a transaction ends, before anything can read the changed document
    // again (see `inTransaction` for a read made while one is open).
    fragment.observeDeep((events) => {
      for (const event of events) {
        const block = topLevelBlockOf(event.target, fragment);
        if (block) this.converted.delete(block);
      }
    });
    document.on('afterTransaction', () => {
      this.current = undefined;
      this.transactions++;
    });
  }

  /**
   * Makes the view a read is about to ask for, a slice at a time with the event loop free in
   * between: the first read of a large page (6 MB: ~400 ms of conversion) must not hold every
   * other request, nor must a read after typing (listing 30,000 blocks, the version and the
   * joined text were ~150 ms in one turn). Concurrent reads share one warm-up.
   */
  warm(): Promise<void> {
    this.warming ??= this.prepareInSlices().finally(() => {
      this.warming = undefined;
    });
    return this.warming;
  }

  /**
   * Walks the blocks converting those no read has converted, computes the version on a turn of
   * its own and joins the document's text in slices. When the document changes during the walk
   * it walks again (what it converted stays converted); after `MAX_WARM_WALKS` the read makes
   * what is left of the view at once (`view`).
   */
  private async prepareInSlices(): Promise<void> {
    for (let walk = 0; walk < MAX_WARM_WALKS && !this.current; walk++) {
      const seen = this.transactions;
      const blocks = await this.blocksInSlices(seen);
      if (blocks === undefined) continue;
      await yieldToEventLoop();
      if (this.transactions !== seen) continue;
      this.current = new BlocksView(liveDocumentVersion(this.document), blocks);
    }
    await this.current?.joinInSlices();
  }

  /**
   * The live blocks in order, or undefined when a transaction came during the walk. The walk
   * goes on to the end after one, converting as it goes (a conversion made with no transaction
   * open is current, and the observers drop it if the block changes later), so a page where
   * someone types all the time is still converted in slices, the next walk mostly reusing it.
   * Walking on from an item after a transaction is safe: a top-level item is never split, and
   * one merged away or deleted keeps its link to the item after it.
   */
  private async blocksInSlices(seen: number): Promise<LiveBlock[] | undefined> {
    const blocks: LiveBlock[] = [];
    let item = this.fragment._start;
    while (item !== null) {
      // Each slice starts on a task of its own, so no transaction is open.
      await yieldToEventLoop();
      const sliceEnd = performance.now() + WARM_SLICE_MS;
      for (; item !== null && performance.now() < sliceEnd; item = item.right) {
        const element = liveElementOf(item);
        if (element) blocks.push(this.blockOf(element, true));
      }
    }
    return this.transactions === seen ? blocks : undefined;
  }

  private blockOf(element: YXmlElement, trusted: boolean): LiveBlock {
    let block = trusted ? this.converted.get(element) : undefined;
    if (!block) {
      block = convert(element);
      if (trusted) this.converted.set(element, block);
    }
    return block;
  }

  view(): LiveBlocksView {
    // Inside an open transaction (or while its observers run) changes are not reported yet:
    // nothing remembered can be trusted, and nothing read now may be remembered.
    const trusted = !inTransaction(this.document);
    if (trusted && this.current) return this.current;
    const blocks: LiveBlock[] = [];
    for (const child of this.fragment.toArray()) {
      if (child instanceof Y.XmlElement)
        blocks.push(this.blockOf(child, trusted));
    }
    const view = new BlocksView(liveDocumentVersion(this.document), blocks);
    if (trusted) this.current = view;
    return view;
  }
}

/** A view whose document text is joined on first use, or ahead of it in slices. */
class BlocksView implements LiveBlocksView {
  private text: string | undefined;

  constructor(
    readonly version: string,
    readonly blocks: readonly LiveBlock[],
  ) {}

  documentText(): string {
    this.text ??= documentTextOf(
      this.blocks.map((block) => block.json).join(','),
    );
    return this.text;
  }

  /** Joins the text ahead of its first use, with the event loop free between slices. */
  async joinInSlices(): Promise<void> {
    const content = await joinInSlices(
      this.blocks,
      (block) => block.json,
      ',',
      () => this.text !== undefined,
    );
    if (content !== undefined) this.text ??= documentTextOf(content);
  }
}

/**
 * The non-empty `part`s of `blocks` joined by `separator`, a few hundred blocks at a time with
 * the event loop free between slices (joining 30,000 blocks' JSON or text held it ~30 ms each);
 * undefined when `stop` says the result is no longer wanted.
 */
async function joinInSlices(
  blocks: readonly LiveBlock[],
  part: (block: LiveBlock) => string,
  separator: string,
  stop: () => boolean = () => false,
): Promise<string | undefined> {
  const parts: string[] = [];
  let index = 0;
  while (index < blocks.length) {
    await yieldToEventLoop();
    if (stop()) return undefined;
    const sliceEnd = performance.now() + WARM_SLICE_MS;
    while (index < blocks.length && performance.now() < sliceEnd) {
      const end = Math.min(blocks.length, index + JOIN_BATCH_BLOCKS);
      const joined = blocks
        .slice(index, end)
        .map(part)
        .filter((text) => text !== '')
        .join(separator);
      if (joined !== '') parts.push(joined);
      index = end;
    }
  }
  return parts.join(separator);
}

/** Blocks joined between two looks at the clock while a warm-up joins a document's text. */
const JOIN_BATCH_BLOCKS = 256;
/** Walks of a document that keeps changing before a warm-up leaves the rest to the read. */
const MAX_WARM_WALKS = 3;

/** Longest stretch a warm-up converts without letting the event loop run. */
const WARM_SLICE_MS = 8;

function convert(element: YXmlElement): LiveBlock {
  const node = elementToNode(element);
  return {
    id: yItemId(element),
    json: JSON.stringify(node),
    fingerprint: blockFingerprint(node),
    text: extractText(node),
  };
}

function inTransaction(document: YDoc): boolean {
  return (
    document._transaction !== null || document._transactionCleanups.length > 0
  );
}

/** The top-level element of `fragment` that holds `type`; undefined for the fragment itself. */
function topLevelBlockOf(
  type: unknown,
  fragment: YXmlFragment,
): YXmlElement | undefined {
  let current = type as { readonly parent: unknown } | null;
  while (current && current.parent !== fragment) {
    current = current.parent as { readonly parent: unknown } | null;
  }
  return current instanceof Y.XmlElement ? current : undefined;
}

/** Each live document's version while no transaction came after it was computed. */
const versions = new WeakMap<YDoc, { current: string | undefined }>();

/**
 * A live document's version: a hash of its state vector and delete set (a deletion changes no
 * state vector), equal for equal states of the same document. Computed once per change of the
 * document (the delete set is collected from every item: ~30 ms on a 6 MB page), however many
 * reads, writes and stores ask for it in between.
 */
export function liveDocumentVersion(document: YDoc): string {
  let remembered = versions.get(document);
  if (remembered === undefined) {
    const entry: { current: string | undefined } = { current: undefined };
    // Before anything of a transaction changes, so no read after it sees the old version.
    document.on('beforeTransaction', () => {
      entry.current = undefined;
    });
    versions.set(document, entry);
    remembered = entry;
  }
  // Inside an open transaction the document may still change: computed, never remembered.
  const open = inTransaction(document);
  if (!open && remembered.current !== undefined) return remembered.current;
  const version =
    LIVE_VERSION_PREFIX +
    createHash('sha256')
      .update(Y.encodeSnapshot(Y.snapshot(document)))
      .digest('base64url')
      .slice(0, 22);
  if (!open) remembered.current = version;
  return version;
}

const fragmentsOf = new WeakMap<YDoc, Map<string, FragmentBlocks>>();

function fragmentBlocks(document: YDoc, fragmentName: string): FragmentBlocks {
  let fragments = fragmentsOf.get(document);
  if (!fragments) {
    fragments = new Map();
    fragmentsOf.set(document, fragments);
  }
  let blocks = fragments.get(fragmentName);
  if (!blocks) {
    blocks = new FragmentBlocks(
      document,
      document.getXmlFragment(fragmentName),
    );
    fragments.set(fragmentName, blocks);
  }
  return blocks;
}

/**
 * The top-level blocks of a live document's fragment, converted once per change of each block
 * (remembered with the document: gone when the collaboration server drops it).
 */
export function liveBlocksOf(
  document: YDoc,
  fragmentName: string,
): LiveBlocksView {
  return fragmentBlocks(document, fragmentName).view();
}

/**
 * Converts what no read has converted yet of a live document's fragment, without holding the
 * event loop for long: call it before `liveBlocksOf`, outside a transaction.
 */
export function warmLiveBlocks(
  document: YDoc,
  fragmentName: string,
): Promise<void> {
  return fragmentBlocks(document, fragmentName).warm();
}

/** The document as ProseMirror JSON text, from its blocks' JSON joined by commas. */
function documentTextOf(content: string): string {
  return `{"type":"doc","content":[${content}]}`;
}

/**
 * A live document's stored form (`pages.content` and `pages.text_content`), made from the same
 * per-block conversion the module's reads keep: after the first time, a store of a page where a
 * human typed converts the blocks typed in, not the page, and a first time converts in slices
 * with the event loop free in between. For a collaboration server's persistence
 * (`onStoreDocument`). Top-level text outside any block (which Docmost's editor never makes) is
 * left out, as reads leave it out.
 */
export async function liveStoredDocument(
  document: YDoc,
  fragmentName: string = DOCUMENT_FRAGMENT,
): Promise<LiveStoredDocument> {
  await warmLiveBlocks(document, fragmentName);
  const view = liveBlocksOf(document, fragmentName);
  // The view is of one version: its blocks stay as they are while the text is joined.
  const json = view.documentText();
  const text = (await joinInSlices(view.blocks, (block) => block.text, '\n'))!;
  return { version: view.version, json, text };
}

/**
 * The read's blocks as the live document now holds them. A document unloaded and loaded
 * again from a page with no stored Yjs state (a page the database writer wrote, or created)
 * has new Yjs items for the same content: when none of the read's blocks is found by its Yjs
 * id but the document's blocks are exactly what was read, they are the read's blocks.
 * Anything else stays as read, and the merge finds the changed blocks.
 */
export function reloadedAsRead(
  document: YDoc,
  fragmentName: string,
  read: readonly ReadBlock[],
): readonly ReadBlock[] {
  const fragment = document.getXmlFragment(fragmentName);
  if (
    read.length === 0 ||
    read.some((block) => liveElementById(fragment, block.id) !== undefined)
  )
    return read;
  const live = liveBlocksOf(document, fragmentName).blocks;
  const same =
    live.length === read.length &&
    live.every(
      (block, index) => block.fingerprint === read[index]!.fingerprint,
    );
  return same ? live : read;
}
