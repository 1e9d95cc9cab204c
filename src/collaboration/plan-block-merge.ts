import type { ProseMirrorNode } from '../document';

/** A top-level block as the tool read it: its Yjs identity and a fingerprint of its content. */
export interface ReadBlock {
  /** The Yjs item id of the block's element (`client:clock`), stable across loads of the page. */
  readonly id: string;
  readonly fingerprint: string;
}

/** A top-level block of the document the tool wrote. */
export interface WrittenBlock {
  readonly fingerprint: string;
  readonly node: ProseMirrorNode;
}

/**
 * One run of the tool's change: the read blocks `[readStart, readEnd)` become the written
 * blocks `[writtenStart, writtenEnd)`; everything between two hunks is unchanged.
 */
export interface ChangeHunk {
  readonly readStart: number;
  readonly readEnd: number;
  readonly writtenStart: number;
  readonly writtenEnd: number;
}

/** Above this many changed blocks on each side, the middle is one hunk instead of an LCS. */
const MAX_LCS_BLOCKS = 2_000;

/**
 * What the tool changed, as hunks of top-level blocks: the longest common subsequence of the
 * blocks it read and the blocks it wrote (by fingerprint) is what it kept. Common ends are
 * stripped first, so a typical edit (a few blocks) costs next to nothing on a long page.
 */
export function changedHunks(
  read: readonly ReadBlock[],
  written: readonly WrittenBlock[],
): ChangeHunk[] {
  let prefix = 0;
  while (
    prefix < read.length &&
    prefix < written.length &&
    read[prefix]!.fingerprint === written[prefix]!.fingerprint
  )
    prefix++;
  let suffix = 0;
  while (
    suffix < read.length - prefix &&
    suffix < written.length - prefix &&
    read[read.length - 1 - suffix]!.fingerprint ===
      written[written.length - 1 - suffix]!.fingerprint
  )
    suffix++;
  const readEnd = read.length - suffix;
  const writtenEnd = written.length - suffix;
  const readMiddle = read.slice(prefix, readEnd);
  const writtenMiddle = written.slice(prefix, writtenEnd);
  if (readMiddle.length === 0 && writtenMiddle.length === 0) return [];
  if (
    readMiddle.length > MAX_LCS_BLOCKS ||
    writtenMiddle.length > MAX_LCS_BLOCKS ||
    readMiddle.length === 0 ||
    writtenMiddle.length === 0
  ) {
    return [
      {
        readStart: prefix,
        readEnd,
        writtenStart: prefix,
        writtenEnd,
      },
    ];
  }
  return lcsHunks(readMiddle, writtenMiddle).map((hunk) => ({
    readStart: hunk.readStart + prefix,
    readEnd: hunk.readEnd + prefix,
    writtenStart: hunk.writtenStart + prefix,
    writtenEnd: hunk.writtenEnd + prefix,
  }));
}

function lcsHunks(
  read: readonly ReadBlock[],
  written: readonly WrittenBlock[],
): ChangeHunk[] {
  const rows = read.length + 1;
  const columns = written.length + 1;
  // lengths[i][j]: LCS of read[i..] and written[j..].
  const lengths = new Uint32Array(rows * columns);
  for (let i = read.length - 1; i >= 0; i--) {
    for (let j = written.length - 1; j >= 0; j--) {
      lengths[i * columns + j] =
        read[i]!.fingerprint === written[j]!.fingerprint
          ? lengths[(i + 1) * columns + j + 1]! + 1
          : Math.max(
              lengths[(i + 1) * columns + j]!,
              lengths[i * columns + j + 1]!,
            );
    }
  }
  const hunks: ChangeHunk[] = [];
  let i = 0;
  let j = 0;
  let open: { readStart: number; writtenStart: number } | undefined;
  const close = () => {
    if (open) hunks.push({ ...open, readEnd: i, writtenEnd: j });
    open = undefined;
  };
  while (i < read.length || j < written.length) {
    if (
      i < read.length &&
      j < written.length &&
      read[i]!.fingerprint === written[j]!.fingerprint
    ) {
      close();
      i++;
      j++;
      continue;
    }
    open ??= { readStart: i, writtenStart: j };
    if (
      j >= written.length ||
      (i < read.length &&
        lengths[(i + 1) * columns + j]! >= lengths[i * columns + j + 1]!)
    )
      i++;
    else j++;
  }
  close();
  return hunks;
}
