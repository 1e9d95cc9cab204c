import { Inject } from '@nestjs/common';

/** Nest injection token of the `AppConfig` read at boot. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export const InjectAppConfig = (): ParameterDecorator => Inject(APP_CONFIG);
