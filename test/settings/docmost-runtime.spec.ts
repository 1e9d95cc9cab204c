import 'reflect-metadata';
import {
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory, Reflector } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import { map, type Observable } from 'rxjs';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsModule, TOOL_REGISTRY, type ToolRegistry } from '../../src';
import type { StashPageResult } from '../../src/tools/content';
import { contextFor, PUBLIC_BASE_URL } from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/**
 * Docmost's runtime traits around the module's routes: no global guard (its JwtAuthGuard is
 * applied per controller, and here through the module's `authGuard` option), and a global
 * interceptor wrapping every body as `{ data, success, status }` unless the route carries
 * `SKIP_TRANSFORM`.
 */

let database: TestDatabase;

/** Docmost's JWT guard, reduced: `Bearer <userId>` -> `request.user = { user, workspace }`. */
@Injectable()
class DocmostLikeJwtGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string>; user?: unknown }>();
    const userId = /^Bearer (\S+)$/.exec(
      request.headers.authorization ?? '',
    )?.[1];
    const user = userId
      ? await database.db
          .selectFrom('users')
          .select(['id', 'role', 'workspaceId'])
          .where('id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!user) throw new UnauthorizedException();
    request.user = { user, workspace: { id: user.workspaceId } };
    return true;
  }
}

/** Docmost's TransformHttpResponseInterceptor, as its behaviour is described. */
@Injectable()
class DocmostLikeResponseInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const skip = this.reflector.get<boolean | undefined>(
      'SKIP_TRANSFORM',
      context.getHandler(),
    );
    if (skip) return next.handle();
    const status = context
      .switchToHttp()
      .getResponse<{ statusCode: number }>().statusCode;
    return next
      .handle()
      .pipe(map((data: unknown) => ({ data, success: true, status })));
  }
}

describe("the module's routes under Docmost's guard model and response wrapper", () => {
  let app: NestFastifyApplication;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await NestFactory.create<NestFastifyApplication>(
      {
        module: class DocmostLikeAppModule {},
        imports: [
          AiToolsModule.forRoot({
            db: database.db,
            publicBaseUrl: PUBLIC_BASE_URL,
            authGuard: DocmostLikeJwtGuard,
            commentSignal: false,
            // A Docmost the checks did not pass on: the module says so at boot.
            docmostVersion: '0.95.0',
            logger: { warn: (message) => warnings.push(message) },
          }),
        ],
        providers: [
          {
            provide: APP_INTERCEPTOR,
            useClass: DocmostLikeResponseInterceptor,
          },
        ],
      },
      new FastifyAdapter(),
      { logger: false },
    );
    app.setGlobalPrefix('api');
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  it('warns at boot that the Docmost it runs in is not a version the Docmost checks passed on', () => {
    expect(warnings).toEqual([
      expect.stringMatching(
        /^Docmost 0\.95\.0 is not a version the Docmost checks passed on \(0\.94\.0\)/,
      ),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (url: string, userId: string | undefined, body: unknown = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(userId ? { authorization: `Bearer ${userId}` } : {}),
      },
      payload: JSON.stringify(body),
    });

  it('authenticates the settings routes with the host guard: 401 without a session, 200 wrapped with one', async () => {
    expect(
      (await post('/api/ai-tools/settings/info', undefined)).statusCode,
    ).toBe(401);
    const info = await post(
      '/api/ai-tools/settings/info',
      SEED_IDS.users.member,
    );
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      data: { deferredTools: true },
      success: true,
      status: 200,
    });
  });

  it('lets owners and admins change the toggle and refuses members (403)', async () => {
    const refused = await post(
      '/api/ai-tools/settings/update',
      SEED_IDS.users.member,
      {
        deferredTools: false,
      },
    );
    expect(refused.statusCode).toBe(403);
    const changed = await post(
      '/api/ai-tools/settings/update',
      SEED_IDS.users.admin,
      {
        deferredTools: false,
      },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ data: { deferredTools: false } });
    await post('/api/ai-tools/settings/update', SEED_IDS.users.admin, {
      deferredTools: true,
    });
  });

  it('serves a stash link without a session, as the raw text it is', async () => {
    const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
    const stash = (
      await registry.call(
        'stashPage',
        { pageId: SEED_IDS.pages.releaseNotes, format: 'markdown' },
        contextFor('member'),
      )
    ).output as StashPageResult;
    const response = await app.inject({
      method: 'GET',
      url: stash.url.slice(PUBLIC_BASE_URL.length),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.body).toContain('Release Notes 2.4');
    expect(response.body.startsWith('{')).toBe(false);
  });
});
