import { ToolCallNotices } from './tool-call-notices';

describe('ToolCallNotices', () => {
  it('returns the notices of a call on every read, and none for other calls', () => {
    const notices = new ToolCallNotices();
    notices.record('call-1', ['[signal] one']);
    expect(notices.of('call-1')).toEqual(['[signal] one']);
    expect(notices.of('call-1')).toEqual(['[signal] one']);
    expect(notices.of('call-2')).toEqual([]);
  });

  it('keeps nothing for a call without notices', () => {
    const notices = new ToolCallNotices();
    notices.record('call-1', []);
    expect(notices.size).toBe(0);
  });

  it('drops the oldest calls beyond its capacity', () => {
    const notices = new ToolCallNotices(2);
    notices.record('call-1', ['a']);
    notices.record('call-2', ['b']);
    notices.record('call-3', ['c']);
    expect(notices.size).toBe(2);
    expect(notices.of('call-1')).toEqual([]);
    expect(notices.of('call-3')).toEqual(['c']);
  });
});
