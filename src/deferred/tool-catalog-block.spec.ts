import { CATALOG_LINES, DEFERRED_TOOL_NAMES } from '../tools/catalog-lines';
import {
  SPECIFIED_EXTERNAL_SERVER_LINE,
  SPECIFIED_TOOL_CATALOG_BLOCK,
} from '../../test/deferred/specified-texts';
import {
  buildToolCatalogBlock,
  externalServerCatalogLine,
} from './tool-catalog-block';

const allDeferred = DEFERRED_TOOL_NAMES.map((name) => ({
  name,
  catalogLine: CATALOG_LINES[name],
}));

describe('buildToolCatalogBlock', () => {
  it('renders the v1 deferred set as the verbatim specified block', () => {
    expect(buildToolCatalogBlock({ deferredTools: allDeferred })).toBe(
      SPECIFIED_TOOL_CATALOG_BLOCK,
    );
  });

  it('lists only the tools it is given, in the given order', () => {
    const block = buildToolCatalogBlock({
      deferredTools: allDeferred.filter((tool) =>
        tool.name.startsWith('table'),
      ),
    });
    const listed = block
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.split(' ')[1]);
    expect(listed).toEqual([
      'tableInsertRow',
      'tableUpdateCell',
      'tableDeleteRow',
    ]);
  });

  it('appends one line per external server at the end of the catalog, in the specified format', () => {
    const block = buildToolCatalogBlock({
      deferredTools: allDeferred.slice(0, 1),
      externalServers: [
        {
          prefix: 'tavily',
          name: 'Tavily search',
          toolNames: ['tavily_search', 'tavily_extract'],
        },
      ],
    });
    const lines = block.split('\n');
    expect(lines.at(-2)).toBe(
      '- tavily_* (external MCP server "Tavily search") — see <mcp_tooling> for guidance; load individual tools by exact name: tavily_search, tavily_extract',
    );
    expect(lines.at(-1)).toBe('</tool_catalog>');
  });

  it('follows the specified template up to the list of names', () => {
    const line = externalServerCatalogLine({
      prefix: 'web',
      name: 'Web',
      toolNames: ['web_fetch'],
    });
    const templateHead = SPECIFIED_EXTERNAL_SERVER_LINE.slice(
      0,
      SPECIFIED_EXTERNAL_SERVER_LINE.indexOf('<tool1>'),
    );
    const expectedHead = templateHead
      .replace('<prefix>', 'web')
      .replace('<serverName>', 'Web');
    expect(line).toBe(`${expectedHead}web_fetch`);
  });

  it('renders nothing when nothing is deferred', () => {
    expect(
      buildToolCatalogBlock({
        deferredTools: [],
        externalServers: [{ prefix: 'x', name: 'X', toolNames: [] }],
      }),
    ).toBe('');
  });
});
