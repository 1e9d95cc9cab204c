import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GeneratedSource,
  glueLines,
  readmeSourceLines,
} from './generated-source';
import { readmeBlocks } from './readme-blocks';

/**
 * The README's MCP lines (`### The MCP server`), mounted as a controller of their own at
 * `/api/ai-tools-mcp` beside Docmost's `/mcp` (whose authentication resolves a REST client
 * configuration rather than a person): the block's imports head the file, its statements are
 * the body of the POST handler, guarded by Docmost's `JwtAuthGuard`. What the README leaves in
 * comments (the 400 and 404 answers, DELETE and GET) is the glue, printed.
 */
const CONTROLLER = 'src/ai-tools-mount/ai-tools-mcp.controller.ts';
const APP_MODULE = 'src/app.module.ts';

export function mountMcpRoute(
  serverDirectory: string,
  readmeFile: string,
): { sources: GeneratedSource[]; glue: string[] } {
  const [block] = readmeBlocks(readmeFile, '### The MCP server');
  const imports = block.lines.filter((line) => line.text.startsWith('import '));
  const body = block.lines.filter(
    (line) =>
      !line.text.startsWith('import ') &&
      line.text.trim() !== '' &&
      !line.text.trim().startsWith('//'),
  );
  const contextEnd = body.findIndex((line) =>
    line.text.includes('sessions.resume('),
  );
  if (contextEnd === -1)
    throw new Error(
      `the README's MCP block (line ${block.lines[0].number}) no longer resumes a session with sessions.resume(…): the MCP mount does not apply`,
    );
  const why = "the README's MCP lines as a controller's handler";
  const refuse = 'the README\'s comments "else 400" and "undefined: 404"';
  const controller = new GeneratedSource(CONTROLLER, [
    ...readmeSourceLines(imports),
    ...glueLines(
      why,
      "import { Controller, Delete, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';",
      "import { JwtAuthGuard } from '../common/guards/jwt-auth.guard';",
      "import { AuthUser } from '../common/decorators/auth-user.decorator';",
      "import { AuthWorkspace } from '../common/decorators/auth-workspace.decorator';",
      '',
      '@UseGuards(JwtAuthGuard)',
      "@Controller('ai-tools-mcp')",
      'export class AiToolsMcpController {',
      '  constructor(',
      '    private readonly sessions: McpSessionsService,',
      '    private readonly toolRegistry: ToolRegistryService,',
      '  ) {}',
      '',
      '  @Post()',
      '  async handle(@Req() request: any, @Res() reply: any, @AuthUser() user: any, @AuthWorkspace() workspace: any) {',
      '    const { sessions, toolRegistry } = this;',
      '    const caller = { userId: user.id, workspaceId: workspace.id };',
    ),
    ...readmeSourceLines(body.slice(0, contextEnd + 1)),
    ...glueLines(
      refuse,
      '    if (context === undefined) {',
      "      reply.status(sessionId === undefined ? 400 : 404).send({ error: sessionId === undefined ? 'Bad Request: the first request of a session must be initialize' : 'Session not found' });",
      '      return;',
      '    }',
    ),
    ...readmeSourceLines(body.slice(contextEnd + 1)),
    ...glueLines(
      'the README\'s comment "DELETE /mcp: await sessions.close(sessionId, caller) (false: 404). GET /mcp: 405"',
      '  }',
      '',
      '  @Delete()',
      '  async close(@Req() request: any, @Res() reply: any, @AuthUser() user: any, @AuthWorkspace() workspace: any) {',
      "    const closed = await this.sessions.close(String(request.headers['mcp-session-id']), { userId: user.id, workspaceId: workspace.id });",
      '    reply.status(closed ? 200 : 404).send();',
      '  }',
      '',
      '  @Get()',
      '  @HttpCode(405)',
      '  stream() {',
      "    return { error: 'Method not allowed: no server-to-client stream' };",
      '  }',
      '}',
      '',
    ),
  ]);
  const appModulePath = join(serverDirectory, APP_MODULE);
  const appModule = readFileSync(appModulePath, 'utf8');
  const anchor = /^(\s*)AiToolsMountModule,$/m.exec(appModule);
  if (anchor === null)
    throw new Error(
      `${APP_MODULE} does not import AiToolsMountModule: mount the module before the MCP route`,
    );
  const moduleFile = new GeneratedSource(
    'src/ai-tools-mount/ai-tools-mcp.module.ts',
    [
      ...glueLines(
        'a module for the MCP controller',
        "import { Module } from '@nestjs/common';",
        "import { AiToolsMcpController } from './ai-tools-mcp.controller';",
        '',
        '@Module({ controllers: [AiToolsMcpController] })',
        'export class AiToolsMcpModule {}',
        '',
      ),
    ],
  );
  const app = new GeneratedSource(
    APP_MODULE,
    glueLines(
      'Docmost imports the MCP route module',
      ...`import { AiToolsMcpModule } from './ai-tools-mount/ai-tools-mcp.module';\n${appModule.replace(anchor[0], `${anchor[0]}\n${anchor[1]}AiToolsMcpModule,`)}`.split(
        '\n',
      ),
    ),
  );
  return {
    sources: [controller, moduleFile, app],
    glue: [
      `${CONTROLLER}: the README's MCP lines as the POST handler of /api/ai-tools-mcp (JwtAuthGuard; caller from Docmost's AuthUser and AuthWorkspace), 400/404 and DELETE/GET from the README's comments`,
      `${APP_MODULE}: imports AiToolsMcpModule after AiToolsMountModule`,
    ],
  };
}
