import { freeNames, importStatements, resolveImports } from './docmost-imports';
import {
  GeneratedSource,
  glueLines,
  readmeSourceLines,
  type SourceLine,
} from './generated-source';
import type { ReadmeBlock, ReadmeLine } from './readme-blocks';

export const MCP_CONTROLLER = 'src/ai-tools-mount/ai-tools-mcp.controller.ts';
/** Beside Docmost's own `/api/mcp`, whose authentication resolves a REST client, not a person. */
export const MCP_ROUTE = 'ai-tools-mcp';

/**
 * The README's MCP lines in a controller of their own at `/api/ai-tools-mcp` (Docmost's
 * `JwtAuthGuard`, the person's cookie), in a module Docmost's AppModule imports. The README gives
 * the POST handler's body; the rest is glue: the controller around it, the injected
 * `sessions` and `toolRegistry`, `caller` from Docmost's `@AuthUser()` / `@AuthWorkspace()`,
 * the answers its comments name (`// else 400`, `// undefined: 404`, the DELETE and GET lines).
 */
export function mountMcpController({
  block,
  serverSource,
  packageExports,
}: {
  readonly block: ReadmeBlock;
  readonly serverSource: string;
  readonly packageExports: ReadonlySet<string>;
}): { source: GeneratedSource; glue: string[]; moduleName: string } {
  // Its import statements (one or several lines each), then the handler's lines.
  const importLines: ReadmeLine[] = [];
  let inImport = false;
  for (const line of block.lines) {
    if (line.text.startsWith('import ')) inImport = true;
    if (!inImport) break;
    importLines.push(line);
    if (line.text.trimEnd().endsWith(';')) inImport = false;
  }
  const body = block.lines
    .slice(importLines.length)
    .filter((line) => line.text.trim() !== '');
  // The README's MCP switch (its first statement, `if (!(await sessions.isMcpEnabled(caller)))`
  // and the `return` under it): on every request, so in the DELETE and GET handlers too.
  const switchStart = body.findIndex((line) =>
    line.text.includes('isMcpEnabled('),
  );
  const switchLines =
    switchStart === -1
      ? []
      : body.slice(
          switchStart,
          body.findIndex(
            (line, index) =>
              index >= switchStart && /\breturn\b/.test(line.text),
          ) + 1,
        );
  const resume = body.findIndex((line) =>
    line.text.includes('sessions.resume('),
  );
  const end = body.findIndex((line) =>
    line.text.includes('transport.handleRequest('),
  );
  if (resume === -1 || end === -1)
    throw new Error(
      `the README's MCP block (line ${block.lines[0].number}) no longer has sessions.resume(…) and transport.handleRequest(…): the MCP mount does not apply`,
    );
  const handler = body.slice(0, end + 1);
  const wanted = [
    'Controller',
    'Post',
    'Delete',
    'Get',
    'Req',
    'Res',
    'UseGuards',
    'FastifyReply',
    'FastifyRequest',
    'JwtAuthGuard',
    'AuthUser',
    'AuthWorkspace',
    'User',
    'Workspace',
    'SkipTransform',
    'Module',
  ];
  const declaredByReadme = freeNames(
    importLines.map((line) => line.text).join('\n'),
  );
  const imports = resolveImports({
    names: wanted.filter((name) => !declaredByReadme.has(name)),
    serverSource,
    importingFile: `${serverSource}/${MCP_CONTROLLER.replace(/^src\//, '')}`,
    packageExports,
  });
  const why = "the controller around the README's MCP lines";
  const moduleName = 'AiToolsMcpMountModule';
  const lines: SourceLine[] = [
    ...glueLines(why, ...importStatements(imports)),
    ...readmeSourceLines(importLines),
    ...glueLines(
      why,
      '',
      `@Controller('${MCP_ROUTE}')`,
      '@UseGuards(JwtAuthGuard)',
      'export class AiToolsMcpController {',
      '  constructor(',
      '    private readonly sessions: McpSessionsService,',
      '    private readonly toolRegistry: ToolRegistryService,',
      '  ) {}',
      '',
      '  @SkipTransform()',
      '  @Post()',
      '  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @AuthUser() user: User, @AuthWorkspace() workspace: Workspace) {',
      '    const { sessions, toolRegistry } = this;',
      '    const caller = { userId: user.id, workspaceId: workspace.id };',
    ),
    ...readmeSourceLines(handler.slice(0, resume + 1)),
    ...glueLines(
      'the answers the README names in comments (// else 400, // undefined: 404)',
      '    if (context === undefined) {',
      "      reply.code(sessionId === undefined ? 400 : 404).send({ jsonrpc: '2.0', id: null, error: { code: -32000, message: sessionId === undefined ? 'Bad Request: no valid session id' : 'Session not found' } });",
      '      return;',
      '    }',
    ),
    ...readmeSourceLines(handler.slice(resume + 1)),
    ...glueLines(
      "the README's DELETE and GET comment",
      '  }',
      '',
      '  @SkipTransform()',
      '  @Delete()',
      '  async delete(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @AuthUser() user: User, @AuthWorkspace() workspace: Workspace) {',
      '    const { sessions } = this;',
      '    const caller = { userId: user.id, workspaceId: workspace.id };',
    ),
    ...readmeSourceLines(switchLines),
    ...glueLines(
      "the README's DELETE and GET comment",
      "    const closed = await sessions.close(String(request.headers['mcp-session-id']), caller);",
      '    return reply.code(closed ? 200 : 404).send();',
      '  }',
      '',
      '  @SkipTransform()',
      '  @Get()',
      '  async get(@Res() reply: FastifyReply, @AuthUser() user: User, @AuthWorkspace() workspace: Workspace) {',
      '    const { sessions } = this;',
      '    const caller = { userId: user.id, workspaceId: workspace.id };',
    ),
    ...readmeSourceLines(switchLines),
    ...glueLines(
      "the README's DELETE and GET comment",
      '    return reply.code(405).send();',
      '  }',
      '}',
      '',
      '@Module({ controllers: [AiToolsMcpController] })',
      `export class ${moduleName} {}`,
      '',
    ),
  ];
  return {
    moduleName,
    source: new GeneratedSource(MCP_CONTROLLER, lines),
    glue: [
      ...imports.map(
        (i) =>
          `${MCP_CONTROLLER}: import ${i.name} from '${i.from}' (${i.because})`,
      ),
      `${MCP_CONTROLLER}: the README's MCP lines are the body of POST /api/${MCP_ROUTE} (JwtAuthGuard; caller from @AuthUser() and @AuthWorkspace(); sessions and toolRegistry injected)`,
      `${MCP_CONTROLLER}: no context: 400 without a session id, 404 with one (the README's comments)`,
      `${MCP_CONTROLLER}: DELETE closes the session (404 when it is not the caller's), GET is 405 (the README's last comment), each after the README's MCP switch lines`,
    ],
  };
}
