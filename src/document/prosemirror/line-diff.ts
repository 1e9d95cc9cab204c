/**
 * A line diff with a bounded cost, for page versions of any size.
 *
 * Common leading and trailing lines are matched first; in what remains, lines that occur exactly
 * once on each side anchor the alignment (their longest increasing run, as in patience diff), and
 * the stretches between anchors are split again the same way. Only a stretch without such anchors
 * gets an exact LCS, and only when it is small. Typical edits (paragraphs changed, added, moved)
 * cost about O(n log n); the work is counted, and past `maxWork` the remaining stretches are
 * reported whole (removed, then added): coarser, but still a correct description of the change.
 */

export interface LinePart {
  readonly type: 'equal' | 'removed' | 'added';
  readonly lines: readonly string[];
}

export interface LineDiff {
  readonly parts: readonly LinePart[];
  /** True when some stretch was reported whole because the work limit was reached or it was too large for an exact LCS. */
  readonly coarse: boolean;
}

export interface LineDiffOptions {
  /** Work units (lines scanned, LCS cells) before the rest is reported coarsely. Default 5,000,000. */
  readonly maxWork?: number;
  /** Largest stretch (removed × added lines) given an exact LCS. Default 250,000. */
  readonly maxLcsCells?: number;
}

const DEFAULT_MAX_WORK = 5_000_000;
const DEFAULT_MAX_LCS_CELLS = 250_000;

type Operation = 'equal' | 'removed' | 'added';

interface Range {
  readonly aStart: number;
  readonly aEnd: number;
  readonly bStart: number;
  readonly bEnd: number;
}

/** Lines as small integers: equal lines get the same number, so comparisons are cheap. */
function intern(
  before: readonly string[],
  after: readonly string[],
): { a: Int32Array; b: Int32Array } {
  const ids = new Map<string, number>();
  const number = (line: string): number => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  return {
    a: Int32Array.from(before, number),
    b: Int32Array.from(after, number),
  };
}

/** Indexes of the longest strictly increasing subsequence of `values` (patience sorting, O(k log k)). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  for (let index = 0; index < values.length; index++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < values[index]!) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  }
  const result: number[] = [];
  for (
    let index = tails.length > 0 ? tails[tails.length - 1]! : -1;
    index !== -1;
    index = previous[index]!
  )
    result.push(index);
  return result.reverse();
}

class LineDiffer {
  private readonly operations: Operation[] = [];
  private work = 0;
  coarse = false;

  constructor(
    private readonly a: Int32Array,
    private readonly b: Int32Array,
    private readonly maxWork: number,
    private readonly maxLcsCells: number,
  ) {}

  run(): Operation[] {
    // Ranges still to diff, in document order from the end of the array (a stack, no recursion).
    const pending: (Range | Operation[])[] = [
      { aStart: 0, aEnd: this.a.length, bStart: 0, bEnd: this.b.length },
    ];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (Array.isArray(next))
        for (const operation of next) this.operations.push(operation);
      else pending.push(...this.split(next).reverse());
    }
    return this.operations;
  }

  private emit(type: Operation, count: number): Operation[] {
    return new Array<Operation>(count).fill(type);
  }

  /** The range as operations and smaller ranges, in order. */
  private split(range: Range): (Range | Operation[])[] {
    let { aStart, aEnd, bStart, bEnd } = range;
    const { a, b } = this;
    let prefix = 0;
    while (aStart < aEnd && bStart < bEnd && a[aStart] === b[bStart]) {
      aStart++;
      bStart++;
      prefix++;
    }
    let suffix = 0;
    while (aStart < aEnd && bStart < bEnd && a[aEnd - 1] === b[bEnd - 1]) {
      aEnd--;
      bEnd--;
      suffix++;
    }
    const head = this.emit('equal', prefix);
    const tail = this.emit('equal', suffix);
    const n = aEnd - aStart;
    const m = bEnd - bStart;
    this.work += prefix + suffix + n + m;
    if (n === 0 || m === 0)
      return [head, this.emit('removed', n), this.emit('added', m), tail];
    if (this.work > this.maxWork) return [head, ...this.whole(n, m), tail];
    const anchors = this.uniqueAnchors(aStart, aEnd, bStart, bEnd);
    if (anchors.length === 0)
      return [head, ...this.lcs(aStart, aEnd, bStart, bEnd), tail];
    const parts: (Range | Operation[])[] = [head];
    let aFrom = aStart;
    let bFrom = bStart;
    for (const [aAt, bAt] of anchors) {
      parts.push({ aStart: aFrom, aEnd: aAt, bStart: bFrom, bEnd: bAt }, [
        'equal',
      ]);
      aFrom = aAt + 1;
      bFrom = bAt + 1;
    }
    parts.push({ aStart: aFrom, aEnd, bStart: bFrom, bEnd }, tail);
    return parts;
  }

  /** Pairs of positions of lines occurring once in each side of the range, longest run in order on both. */
  private uniqueAnchors(
    aStart: number,
    aEnd: number,
    bStart: number,
    bEnd: number,
  ): [number, number][] {
    const counts = new Map<
      number,
      { aCount: number; bCount: number; aAt: number; bAt: number }
    >();
    for (let index = aStart; index < aEnd; index++) {
      const entry = counts.get(this.a[index]!);
      if (entry) entry.aCount++;
      else
        counts.set(this.a[index]!, {
          aCount: 1,
          bCount: 0,
          aAt: index,
          bAt: -1,
        });
    }
    for (let index = bStart; index < bEnd; index++) {
      const entry = counts.get(this.b[index]!);
      if (entry) {
        entry.bCount++;
        entry.bAt = index;
      }
    }
    const unique = [...counts.values()]
      .filter((entry) => entry.aCount === 1 && entry.bCount === 1)
      .sort((x, y) => x.aAt - y.aAt);
    this.work += unique.length;
    const run = longestIncreasing(unique.map((entry) => entry.bAt));
    return run.map((index) => [unique[index]!.aAt, unique[index]!.bAt]);
  }

  /** An exact LCS of a small stretch; a large one (or one past the work limit) is reported whole. */
  private lcs(
    aStart: number,
    aEnd: number,
    bStart: number,
    bEnd: number,
  ): Operation[][] {
    const n = aEnd - aStart;
    const m = bEnd - bStart;
    if (n * m > this.maxLcsCells || this.work + n * m > this.maxWork)
      return this.whole(n, m);
    this.work += n * m;
    // lengths[i * (m + 1) + j]: LCS length of a[aStart + i ..] and b[bStart + j ..].
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] =
          this.a[aStart + i] === this.b[bStart + j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(
                lengths[(i + 1) * width + j]!,
                lengths[i * width + j + 1]!,
              );
      }
    }
    const operations: Operation[] = [];
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (this.a[aStart + i] === this.b[bStart + j]) {
        operations.push('equal');
        i++;
        j++;
      } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
        operations.push('removed');
        i++;
      } else {
        operations.push('added');
        j++;
      }
    }
    for (; i < n; i++) operations.push('removed');
    for (; j < m; j++) operations.push('added');
    return [operations];
  }

  private whole(n: number, m: number): Operation[][] {
    this.coarse = true;
    return [this.emit('removed', n), this.emit('added', m)];
  }
}

/** Groups operations into parts of consecutive lines of one kind. */
function toParts(
  operations: readonly Operation[],
  before: readonly string[],
  after: readonly string[],
): LinePart[] {
  const parts: { type: Operation; lines: string[] }[] = [];
  let aAt = 0;
  let bAt = 0;
  for (const operation of operations) {
    const line = operation === 'added' ? after[bAt++]! : before[aAt++]!;
    if (operation === 'equal') bAt++;
    const last = parts[parts.length - 1];
    if (last !== undefined && last.type === operation) last.lines.push(line);
    else parts.push({ type: operation, lines: [line] });
  }
  return parts;
}

export function diffLines(
  before: readonly string[],
  after: readonly string[],
  options: LineDiffOptions = {},
): LineDiff {
  const { a, b } = intern(before, after);
  const differ = new LineDiffer(
    a,
    b,
    options.maxWork ?? DEFAULT_MAX_WORK,
    options.maxLcsCells ?? DEFAULT_MAX_LCS_CELLS,
  );
  return { parts: toParts(differ.run(), before, after), coarse: differ.coarse };
}
