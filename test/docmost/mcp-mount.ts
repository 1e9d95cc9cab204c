import { freeNames, importStatements, resolveImports } from './docmost-imports';
import {
  GeneratedSource,
  glueLines,
  readmeSourceLines,
  type SourceLine,
} from './generated-source';
import type { ReadmeBlock } from './readme-blocks';

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
  const importLines = block.lines.filter((line) =>
    line.text.startsWith('import '),
  );
  const body = block.lines.filter(
    (line) => !line.text.startsWith('import ') && line.text.trim() !== '',
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
      '  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @AuthUser() user: User, @AuthWorkspace() workspace: Workspace): Promise<void> {',
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
      '  async delete(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @AuthUser() user: User, @AuthWorkspace() workspace: Workspace): Promise<void> {',
      "    const closed = await this.sessions.close(String(request.headers['mcp-session-id']), { userId: user.id, workspaceId: workspace.id });",
      '    reply.code(closed ? 200 : 404).send();',
      '  }',
      '',
      '  @SkipTransform()',
      '  @Get()',
      '  get(@Res() reply: FastifyReply): void {',
      '    reply.code(405).send();',
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
      `${MCP_CONTROLLER}: DELETE closes the session (404 when it is not the caller's), GET is 405 (the README's last comment)`,
    ],
  };
}
