/**
 * `npm run tools [-- --json]`: the registry as the model sees it. With --json, stdout carries
 * exactly one JSON array, one `{ name, mcpName, tier, catalogLine, description, inputSchema }`
 * per tool, bound or not (no database is opened); without it, a readable table.
 */
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import { formatToolTable, toolListing } from '../../src/registry/tool-listing';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { runCommand } from '../../host/startup/run-command';

function parseArguments(argv: readonly string[]): { json: boolean } {
  const unknown = argv.filter((argument) => argument !== '--json');
  if (unknown.length > 0) {
    throw new Error(
      `unknown argument ${unknown.map((argument) => `"${argument}"`).join(', ')}; the only option is --json`,
    );
  }
  return { json: argv.includes('--json') };
}

async function main(): Promise<number> {
  const { json } = parseArguments(process.argv.slice(2));
  // Specs only: the listing describes every tool, so none is bound and none is warned about.
  const registry = createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: {},
    logger: { warn: () => undefined },
  });
  const listing = toolListing(registry);
  process.stdout.write(
    json ? `${JSON.stringify(listing)}\n` : `${formatToolTable(listing)}\n`,
  );
  return 0;
}

runCommand(main);
