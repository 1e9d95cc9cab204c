import { Inject } from '@nestjs/common';

/** Nest injection token of the host's `Kysely<DB>` (Docmost provides its own under its token). */
export const KYSELY = Symbol('KYSELY');

export const InjectKysely = (): ParameterDecorator => Inject(KYSELY);
