import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'docmost-ai-tools:public';

/** Lets a route through without a bearer token (health checks). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);
