import { StartupError } from '../../src';
import { fatalErrorLine } from './fatal-error-line';

describe('fatalErrorLine', () => {
  it('prints a startup error as its message alone', () => {
    expect(
      fatalErrorLine(
        new StartupError(
          'port 3000 is already in use; set PORT to a free port',
          'PORT',
        ),
      ),
    ).toBe('error: port 3000 is already in use; set PORT to a free port');
  });

  it('keeps unexpected errors on one line and names their class', () => {
    expect(fatalErrorLine(new TypeError('bad\n  thing'))).toBe(
      'error: TypeError: bad thing',
    );
    expect(
      fatalErrorLine(new Error('migration base/x failed: relation exists')),
    ).toBe('error: migration base/x failed: relation exists');
    expect(fatalErrorLine('boom')).toBe('error: boom');
    expect(fatalErrorLine(new Error(''))).toBe('error: unknown error');
  });
});
