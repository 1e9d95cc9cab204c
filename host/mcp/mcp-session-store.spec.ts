import type { McpSession } from './mcp-session-store';
import { McpSessionStore } from './mcp-session-store';

function fakeSession(id: string, userId: string, closed: string[]): McpSession {
  const server = { close: async () => void closed.push(id) };
  return { id, userId, server, transport: {} } as unknown as McpSession;
}

describe('McpSessionStore', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    now = 0;
  });

  it('serves a session only to the user who opened it', async () => {
    const store = new McpSessionStore(
      { maxSessions: 10, maxSessionsPerUser: 10, idleTimeoutMs: 1000 },
      clock,
    );
    await store.add(fakeSession('s1', 'alice', []));
    expect(store.use('s1', 'alice')?.id).toBe('s1');
    expect(store.use('s1', 'bob')).toBeUndefined();
    expect(store.use('nope', 'alice')).toBeUndefined();
  });

  it("closes a user's least recently used session beyond the per-user limit, not other users' sessions", async () => {
    const closed: string[] = [];
    const store = new McpSessionStore(
      { maxSessions: 10, maxSessionsPerUser: 2, idleTimeoutMs: 1000 },
      clock,
    );
    await store.add(fakeSession('a1', 'alice', closed));
    await store.add(fakeSession('b1', 'bob', closed));
    await store.add(fakeSession('a2', 'alice', closed));
    store.use('a1', 'alice');
    await store.add(fakeSession('a3', 'alice', closed));
    expect(closed).toEqual(['a2']);
    expect(store.use('b1', 'bob')?.id).toBe('b1');
    expect(store.size).toBe(3);
  });

  it('closes the least recently used sessions beyond the global limit', async () => {
    const closed: string[] = [];
    const store = new McpSessionStore(
      { maxSessions: 2, maxSessionsPerUser: 5, idleTimeoutMs: 1000 },
      clock,
    );
    await store.add(fakeSession('a1', 'alice', closed));
    await store.add(fakeSession('b1', 'bob', closed));
    store.use('a1', 'alice');
    await store.add(fakeSession('c1', 'carol', closed));
    expect(closed).toEqual(['b1']);
    expect(store.size).toBe(2);
  });

  it('closes sessions unused for longer than the idle timeout', async () => {
    const closed: string[] = [];
    const store = new McpSessionStore(
      { maxSessions: 10, maxSessionsPerUser: 10, idleTimeoutMs: 1000 },
      clock,
    );
    await store.add(fakeSession('old', 'alice', closed));
    now = 600;
    await store.add(fakeSession('recent', 'alice', closed));
    now = 1500;
    await expect(store.closeIdle()).resolves.toBe(1);
    expect(closed).toEqual(['old']);
    expect(store.use('recent', 'alice')?.id).toBe('recent');
  });

  it('closes a session once, even when asked twice (DELETE and the transport closing)', async () => {
    const closed: string[] = [];
    const store = new McpSessionStore(
      { maxSessions: 10, maxSessionsPerUser: 10, idleTimeoutMs: 1000 },
      clock,
    );
    await store.add(fakeSession('s1', 'alice', closed));
    await Promise.all([store.close('s1'), store.close('s1')]);
    expect(closed).toEqual(['s1']);
    expect(store.size).toBe(0);
  });
});
