/**
 * The README's client lines placed in Docmost's own `ai-settings.tsx` (client-mount.ts), on the
 * prepared source's page: where each block goes, that every line of the file names its origin
 * (what a compiler error is reported with), and that a Docmost page the README's step no longer
 * fits stops the run saying so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AI_SETTINGS_PAGE,
  clientReadmeBlocks,
  mountClientLines,
} from './client-mount';
import { preparedDocmost } from './docmost-checks';
import { CHECKOUT_ROOT } from './prepare-docmost';

const prepared = preparedDocmost();
const README = join(CHECKOUT_ROOT, 'README.md');
const docmostPage = readFileSync(
  join(prepared.root, 'apps', 'client', AI_SETTINGS_PAGE),
  'utf8',
);

describe("the README's lines in Docmost's ai-settings.tsx", () => {
  test("the imports and transport follow Docmost's imports, the section follows <McpSettings />, and every line names where it came from", () => {
    const [top, section] = clientReadmeBlocks(README);
    const page = mountClientLines(docmostPage, [top, section]);
    const lines = page.text.split('\n');
    const docmostImports = docmostPage
      .split('\n')
      .filter((line) => line.startsWith('import '));
    const lastDocmostImport = lines.indexOf(
      docmostImports[docmostImports.length - 1],
    );
    // The README's first block right after Docmost's last import, as written.
    expect(
      lines.slice(
        lastDocmostImport + 1,
        lastDocmostImport + 1 + top.lines.length,
      ),
    ).toEqual(top.lines.map((line) => line.text));
    expect(lines.indexOf('export default function AiSettings() {')).toBe(
      lastDocmostImport + 1 + top.lines.length + 1,
    );
    // The section right after <McpSettings />, still inside the fragment.
    const mcp = lines.findIndex((line) => line.includes('<McpSettings />'));
    expect(lines.slice(mcp + 1, mcp + 1 + section.lines.length)).toEqual(
      section.lines.map((line) => line.text),
    );
    expect(lines[mcp + 1 + section.lines.length].trim()).toBe('</>');
    // Docmost's own lines are all there, in order, beside the README's.
    expect(
      lines.filter((_, index) =>
        page.describe(index + 1).startsWith("Docmost's own"),
      ),
    ).toEqual(docmostPage.split('\n'));
    // A compiler error on the transport line names the README line.
    const transport = lines.findIndex((line) =>
      line.startsWith('const aiToolsApi'),
    );
    const readmeLine = top.lines.find((line) =>
      line.text.startsWith('const aiToolsApi'),
    )!;
    expect(page.describe(transport + 1)).toBe(
      `README.md line ${readmeLine.number}: ${readmeLine.text}`,
    );
  });

  test('a Docmost page without one <McpSettings /> stops the mount, saying the step no longer applies', () => {
    const blocks = clientReadmeBlocks(README);
    const without = docmostPage.replace('<McpSettings />', '');
    expect(() => mountClientLines(without, blocks)).toThrow(
      /goes after <McpSettings \/> in Docmost's src\/pages\/settings\/workspace\/ai-settings\.tsx, which has 0 of them: this step of the mount no longer applies/,
    );
    const twice = docmostPage.replace(
      '<McpSettings />',
      '<McpSettings />\n      <McpSettings />',
    );
    expect(() => mountClientLines(twice, blocks)).toThrow(
      /which has 2 of them/,
    );
  });
});
