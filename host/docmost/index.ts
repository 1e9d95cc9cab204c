export { HostDocmost } from './host-docmost';
export { DocmostEffects, type DocmostEffect } from './docmost-effects';
export { HOST_DOCMOST } from './docmost-routes.controller';
export { DocmostRoutesModule } from './docmost.module';
