import fc from 'fast-check';
import { abbreviate as documentAbbreviate } from '../document';
import { abbreviate as registryAbbreviate } from '../registry';

// The registry and the document layer each keep their own `abbreviate` (both depend on nothing
// else in the package); the tools quote inputs through both, so they must quote alike.
describe('inputs quoted in error messages', () => {
  it('read the same whether the registry or the document layer quotes them', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 120 }),
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        (value, maxLength) => {
          expect(documentAbbreviate(value, maxLength)).toBe(
            registryAbbreviate(value, maxLength),
          );
        },
      ),
    );
  });
});
