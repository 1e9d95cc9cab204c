/**
 * The README's lines for Docmost's client (`### Mount the switch in Docmost's client`), applied
 * to Docmost's own `ai-settings.tsx` as the README says: its first block (the imports and the
 * transport) at the top of the file, after Docmost's imports; its second (the section) after
 * `<McpSettings />`. Every line keeps its origin, so a compiler error in the file names the
 * README line (generated-source.ts).
 */
import ts from 'typescript';
import {
  docmostLines,
  GeneratedSource,
  readmeSourceLines,
} from './generated-source';
import { readmeBlocks, type ReadmeBlock } from './readme-blocks';

export const CLIENT_README_HEADING = "### Mount the switch in Docmost's client";
export const AI_SETTINGS_PAGE = 'src/pages/settings/workspace/ai-settings.tsx';

/** The README's client blocks (the lines of the cache key, and of the mount). */
export function clientReadmeBlocks(readmeFile: string): ReadmeBlock[] {
  const blocks = readmeBlocks(readmeFile, CLIENT_README_HEADING, 'tsx');
  if (blocks.length !== 2)
    throw new Error(
      `the README's "${CLIENT_README_HEADING}" has ${blocks.length} \`\`\`tsx blocks; the client mount takes two (the imports and transport at the top of ai-settings.tsx, the section after <McpSettings />)`,
    );
  return blocks;
}

/**
 * Docmost's `ai-settings.tsx` (`docmostText`) with the README's blocks in it. Throws saying which
 * step no longer applies when Docmost's page has no imports or not exactly one `<McpSettings />`.
 */
export function mountClientLines(
  docmostText: string,
  blocks: readonly ReadmeBlock[],
): GeneratedSource {
  const [top, section] = blocks;
  const file = ts.createSourceFile(
    AI_SETTINGS_PAGE,
    docmostText,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const imports = file.statements.filter(ts.isImportDeclaration);
  if (imports.length === 0)
    throw new Error(
      `Docmost's ${AI_SETTINGS_PAGE} has no import declarations to put the README's imports after (README.md line ${top.lines[0].number})`,
    );
  // The line (from 0) after which the README's imports go: the end of Docmost's last import.
  const afterImports = file.getLineAndCharacterOfPosition(
    imports[imports.length - 1].getEnd(),
  ).line;
  const lines = docmostLines(docmostText);
  const mcp = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.text.includes('<McpSettings />'));
  if (mcp.length !== 1)
    throw new Error(
      `the README's section (README.md line ${section.lines[0].number}) goes after <McpSettings /> in Docmost's ${AI_SETTINGS_PAGE}, which has ${mcp.length} of them: this step of the mount no longer applies`,
    );
  const afterMcp = mcp[0].index;
  return new GeneratedSource(AI_SETTINGS_PAGE, [
    ...lines.slice(0, afterImports + 1),
    ...readmeSourceLines(top.lines),
    ...lines.slice(afterImports + 1, afterMcp + 1),
    ...readmeSourceLines(section.lines),
    ...lines.slice(afterMcp + 1),
  ]);
}
