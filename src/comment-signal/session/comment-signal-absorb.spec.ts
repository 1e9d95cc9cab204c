import { CommentSignalSession } from './comment-signal-session';
import { pageUuid } from '../testing/tool-call-harness';

const LIMITS = { maxWorkingSetPages: 50, maxSeenMarksPerPage: 100 };
const STARTED = '2026-12-05T10:00:00.000000Z';

function stored(pageId: string, watermark: string, touchedAgo = 0) {
  return {
    pageId,
    watermark,
    checkedMillisecondsAgo: null,
    touchedMillisecondsAgo: touchedAgo,
  };
}

/**
 * Absorbs what the store holds for a shared session started at STARTED: a watermark by page
 * number, read at `clock`.
 */
function absorbStored(
  session: CommentSignalSession,
  watermarks: Readonly<Record<number, string>>,
  clock: { readonly local: number; readonly wall: number },
): void {
  session.absorb(
    {
      pages: Object.entries(watermarks).map(([page, watermark]) =>
        stored(pageUuid(Number(page)), watermark),
      ),
      since: STARTED,
    },
    clock.local,
    clock,
    true,
  );
}

/** The bound each page of the session would be counted after, by page. */
function boundsOf(session: CommentSignalSession, now: number) {
  const plan = session.planCheck(now, 'grouped', 0, 50)!;
  session.completeCheck(plan, [], false, now, 1000, 1000);
  return Object.fromEntries(
    plan.pageGroups.flat().map((page) => [page.pageId, page.after]),
  );
}

describe("CommentSignalSession.absorb (the state a session's surface kept)", () => {
  it("takes each page's later watermark, to the microsecond, whichever side holds it", () => {
    const session = new CommentSignalSession(0, false, LIMITS);
    const clock = { local: 1000, wall: Date.parse('2026-12-05T12:00:00Z') };
    absorbStored(
      session,
      { 1: '2026-12-05T11:00:00.000002Z', 2: '2026-12-05T11:00:00.000001Z' },
      clock,
    );
    // Another instance moved page 1 on by one microsecond; page 2 is older than what we hold.
    absorbStored(
      session,
      { 1: '2026-12-05T11:00:00.000003Z', 2: '2026-12-05T11:00:00.000000Z' },
      clock,
    );
    expect(boundsOf(session, 1000)).toEqual({
      [pageUuid(1)]: { database: '2026-12-05T11:00:00.000003Z' },
      [pageUuid(2)]: { database: '2026-12-05T11:00:00.000001Z' },
    });
  });

  it('keeps a listing this instance read after what the store holds, and counts pages new to the session from its start', () => {
    const session = new CommentSignalSession(0, false, LIMITS);
    const wall = Date.parse('2026-12-05T12:00:00Z');
    absorbStored(
      session,
      { 1: '2026-12-05T11:00:00.000000Z' },
      { local: 5000, wall },
    );
    session.touch([pageUuid(3)], 5000);
    session.coverPages([pageUuid(1)], 5000); // read at 12:00:00 wall time
    absorbStored(
      session,
      { 1: '2026-12-05T11:30:00.000000Z' },
      { local: 5000, wall },
    );
    const bounds = boundsOf(session, 6000);
    expect(bounds[pageUuid(1)]).toEqual({ millisecondsAgo: 1000 });
    // No watermark of its own: the check counts it after the session's start, on the database clock.
    expect(bounds[pageUuid(3)]).toBeUndefined();
    const plan = session.planCheck(6000, 'grouped', 0, 50)!;
    expect(plan.baseline).toEqual({ database: STARTED });
  });

  it('changes its stored shape when the working set or a watermark moves, not when a page is only checked', () => {
    const session = new CommentSignalSession(0, false, LIMITS);
    absorbStored(
      session,
      { 1: '2026-12-05T11:00:00.000000Z' },
      { local: 1000, wall: Date.parse('2026-12-05T12:00:00Z') },
    );
    const shape = session.storedShape();
    boundsOf(session, 2000);
    session.touch([pageUuid(1)], 2000);
    expect(session.storedShape()).toBe(shape);
    session.touch([pageUuid(2)], 2000);
    expect(session.storedShape()).not.toBe(shape);
  });

  it("restarts the grouped window from another instance's check only for a session other instances serve, not for a chat's kept state", () => {
    const kept = {
      pages: [
        {
          ...stored(pageUuid(1), '2026-12-05T11:00:00.000000Z'),
          checkedMillisecondsAgo: 1_000,
        },
      ],
      since: STARTED,
    };
    const clock = { local: 5000, wall: Date.parse('2026-12-05T12:00:00Z') };
    const chatTurn = new CommentSignalSession(5000, false, LIMITS);
    chatTurn.absorb(kept, 5000, clock, false);
    expect(chatTurn.planCheck(5000, 'grouped', 10_000, 50)).toBeDefined();
    const mcpSession = new CommentSignalSession(5000, false, LIMITS);
    mcpSession.absorb(kept, 5000, clock, true);
    expect(mcpSession.planCheck(5000, 'grouped', 10_000, 50)).toBeUndefined();
  });
});
