/**
 * The cache keeps one mounted server and one pack per checkout (prepare-docmost.ts): the copies
 * of clones nobody has checked for a day are removed, this checkout's and recent ones stay.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  removeStaleCheckoutCopies,
  STALE_CHECKOUT_COPY_MS,
} from './stale-checkout-copies';

describe('removeStaleCheckoutCopies', () => {
  let scratch: string;
  const now = Date.now();

  function copy(directory: string, name: string, ageMs: number): string {
    const path = join(scratch, directory, name);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'main.js'), 'built\n');
    const made = (now - ageMs) / 1000;
    utimesSync(path, made, made);
    return path;
  }

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'docmost-stale-copies-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it("removes other checkouts' copies unmade for a day, and keeps this checkout's, recent ones and anything else", () => {
    const day = STALE_CHECKOUT_COPY_MS;
    const oldServer = copy('apps', 'server-mounted-aaaa1111', 3 * day);
    const oldPack = copy('.', 'packed-aaaa1111', 3 * day);
    const ownServer = copy('apps', 'server-mounted-0wn0key0', 3 * day);
    const ownPack = copy('.', 'packed-0wn0key0', 3 * day);
    const runningElsewhere = copy('apps', 'server-mounted-bbbb2222', 60_000);
    const plainServer = copy('apps', 'server', 3 * day);
    const client = copy('.', 'client-builds', 3 * day);
    const strayFile = join(scratch, 'packed-notes.txt');
    writeFileSync(strayFile, 'not a copy\n');

    const removed = removeStaleCheckoutCopies(
      [
        { directory: join(scratch, 'apps'), prefix: 'server-mounted-' },
        { directory: scratch, prefix: 'packed-' },
        { directory: join(scratch, 'not-made-yet'), prefix: 'packed-' },
      ],
      { ownKey: '0wn0key0', now },
    );

    expect(removed.sort()).toEqual([oldServer, oldPack].sort());
    expect(existsSync(oldServer)).toBe(false);
    expect(existsSync(oldPack)).toBe(false);
    for (const kept of [
      ownServer,
      ownPack,
      runningElsewhere,
      plainServer,
      client,
      strayFile,
    ])
      expect(existsSync(kept)).toBe(true);
  });
});
