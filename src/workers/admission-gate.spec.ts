import { refusal } from '../ground/tool-refusal.fixture';
import { AdmissionGate } from './admission-gate';

describe('AdmissionGate', () => {
  it('admits up to maxRunning at once and the next waiter when a slot is released', async () => {
    const gate = new AdmissionGate({
      maxRunning: 2,
      maxPerUser: 5,
      maxQueueWaitMs: 10_000,
    });
    const first = await gate.enter('a', 'x');
    await gate.enter('b', 'x');
    let thirdAdmitted = false;
    const third = gate.enter('c', 'x').then((release) => {
      thirdAdmitted = true;
      return release;
    });
    await Promise.resolve();
    expect(thirdAdmitted).toBe(false);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    first();
    first(); // a second call releases nothing more
    (await third)();
    expect(thirdAdmitted).toBe(true);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
  });

  it('refuses a user over the per-user limit at once, counting runs still waiting, with a limit error naming the limit', async () => {
    const gate = new AdmissionGate({
      maxRunning: 1,
      maxPerUser: 2,
      maxQueueWaitMs: 10_000,
    });
    const running = await gate.enter('a', 'x');
    const waiting = gate.enter('a', 'x');
    const error = await refusal(gate.enter('a', 'diffPageVersions'));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain(
      'diffPageVersions was refused: you already have 2 heavy operations',
    );
    expect(error.details).toEqual({ reason: 'per_user_limit', limit: 2 });
    // Another user still queues normally.
    running();
    (await waiting)();
    const again = await gate.enter('a', 'x');
    again();
  });

  it('never lets one user hold every thread: a slow user waits for its share, another user runs at once', async () => {
    const gate = new AdmissionGate({
      maxRunning: 2,
      maxPerUser: 2,
      maxQueueWaitMs: 10_000,
    });
    expect(gate.runningShare).toBe(1);
    const stalled = await gate.enter('hog', 'transformPage');
    let hogSecondStarted = false;
    const hogSecond = gate.enter('hog', 'transformPage').then((release) => {
      hogSecondStarted = true;
      return release;
    });
    await Promise.resolve();
    // A free thread, but not for the user already running on its share.
    expect(hogSecondStarted).toBe(false);
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    // Someone else's trivial run starts at once, ahead of the waiting hog.
    const other = await gate.enter('someone', 'transformPage');
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    other();
    await Promise.resolve();
    expect(hogSecondStarted).toBe(false);
    stalled();
    (await hogSecond)();
    expect(hogSecondStarted).toBe(true);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a run that waited longer than maxQueueWaitMs, and frees its per-user count', async () => {
    const gate = new AdmissionGate({
      maxRunning: 1,
      maxPerUser: 1,
      maxQueueWaitMs: 20,
    });
    const holder = await gate.enter('a', 'x');
    const error = await refusal(gate.enter('b', 'transformPage'));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain(
      'the server is busy with other heavy operations (transforms, diffs, conversions of large pages) and no slot freed up within 20 ms',
    );
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    holder();
    (await gate.enter('b', 'x'))();
  });

  it('with runningPerUser and no global limit, runs each user up to its own share and queues only that user', async () => {
    const gate = new AdmissionGate({
      maxRunning: Number.POSITIVE_INFINITY,
      runningPerUser: 2,
      maxPerUser: 4,
      maxQueueWaitMs: 20,
      what: 'tool calls',
      busyReason: 'your other tool calls are still running',
    });
    const first = await gate.enter('a', 'x');
    await gate.enter('a', 'x');
    let thirdStarted = false;
    const third = gate.enter('a', 'x').then((release) => {
      thirdStarted = true;
      return release;
    });
    // Another user is not behind the first one's queue.
    (await gate.enter('b', 'x'))();
    await Promise.resolve();
    expect(thirdStarted).toBe(false);
    first();
    (await third)();
    expect(thirdStarted).toBe(true);
    // A wait past maxQueueWaitMs names the caller's own calls, not a busy server.
    await gate.enter('a', 'x');
    const error = await refusal(gate.enter('a', 'getNode'));
    expect(error.message).toBe(
      'getNode was refused: your other tool calls are still running and no slot freed up within 20 ms; try again in a moment.',
    );
  });

  it("takes a waiter whose signal aborts out of the queue, with the signal's reason, and frees its count", async () => {
    const gate = new AdmissionGate({
      maxRunning: 1,
      maxPerUser: 2,
      maxQueueWaitMs: 10_000,
    });
    const holder = await gate.enter('a', 'x');
    const controller = new AbortController();
    const waiting = gate.enter('a', 'x', controller.signal);
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    controller.abort(new Error('the client went away'));
    await expect(waiting).rejects.toThrow('the client went away');
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    // Its count is free again: two more may be in progress or waiting.
    const next = gate.enter('a', 'x');
    holder();
    (await next)();
    // An already aborted signal is refused before it counts.
    await expect(gate.enter('a', 'x', controller.signal)).rejects.toThrow(
      'the client went away',
    );
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
