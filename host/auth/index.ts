export { API_TOKEN_PREFIX, generateApiToken, hashApiToken } from './api-token';
export { authenticateBearer } from './authenticate-bearer';
export type { AuthenticatedUser } from './authenticated-user';
export { AuthenticationError } from './authentication-error';
export { BearerAuthGuard } from './bearer-auth.guard';
export { CurrentUser } from './current-user.decorator';
export { IS_PUBLIC_KEY, Public } from './public.decorator';
export { AuthModule } from './auth.module';
