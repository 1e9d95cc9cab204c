import {
  CHECKED_DOCMOST_VERSIONS,
  docmostVersionNotice,
} from './docmost-version';

describe('docmostVersionNotice', () => {
  it('logs a version the Docmost checks passed on', () => {
    expect(CHECKED_DOCMOST_VERSIONS).toEqual(['0.94.0']);
    expect(docmostVersionNotice('0.94.0')).toEqual({
      level: 'log',
      message:
        'Docmost 0.94.0: one of the versions the Docmost checks passed on (0.94.0)',
    });
    expect(docmostVersionNotice('v0.94.0').level).toBe('log');
  });

  it('warns for any other version, naming it and the checked ones', () => {
    const notice = docmostVersionNotice('0.95.1');
    expect(notice.level).toBe('warn');
    expect(notice.message).toMatch(
      /^Docmost 0\.95\.1 is not a version the Docmost checks passed on \(0\.94\.0\)/,
    );
  });

  it('says when the mount did not give the version', () => {
    expect(docmostVersionNotice(undefined)).toEqual({
      level: 'log',
      message:
        "Docmost's version not given (option docmostVersion); the Docmost checks passed on 0.94.0",
    });
  });
});
