import { toSnakeCase } from './snake-case';

describe('toSnakeCase', () => {
  it('maps each capital to an underscore and its lower case', () => {
    expect(toSnakeCase('getPageJson')).toBe('get_page_json');
    expect(toSnakeCase('tableInsertRow')).toBe('table_insert_row');
    expect(toSnakeCase('search')).toBe('search');
  });
});
