import {
  MARK_ATTRIBUTES,
  NODE_ATTRIBUTES,
  URL_ATTRIBUTE_NAMES,
} from './node-attributes';
import { DOCMOST_MARK_TYPES, DOCMOST_NODE_TYPES } from './node-schema';

describe('declared attributes', () => {
  it('declare the attributes of exactly the node and mark types the schema knows', () => {
    expect(Object.keys(NODE_ATTRIBUTES).sort()).toEqual(
      [...DOCMOST_NODE_TYPES].sort(),
    );
    expect(Object.keys(MARK_ATTRIBUTES).sort()).toEqual(
      [...DOCMOST_MARK_TYPES].sort(),
    );
  });

  it('never declare an attribute that the browser reads as markup or script', () => {
    const all = [
      ...Object.values(NODE_ATTRIBUTES),
      ...Object.values(MARK_ATTRIBUTES),
    ].flat();
    expect(
      all.filter((name) => /^on|^style$|^srcdoc$|^formaction$/i.test(name)),
    ).toEqual([]);
    expect([...URL_ATTRIBUTE_NAMES].sort()).toEqual(['href', 'src', 'url']);
  });
});
