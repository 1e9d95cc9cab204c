import { Controller, HttpCode, Post } from '@nestjs/common';
import type { AuthenticatedUser } from './authenticated-user';
import { CurrentUser } from './current-user.decorator';

@Controller('auth')
export class AuthController {
  /** Who the token belongs to: a quick check that a token works. */
  @Post('me')
  @HttpCode(200)
  me(@CurrentUser() user: AuthenticatedUser): AuthenticatedUser {
    return user;
  }
}
