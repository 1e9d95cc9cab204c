export { databaseServices } from './database-services';
export { serviceCaller } from './service-caller';
export { requireSharingAllowed } from './sharing-refusal';
export { allowsViewerComments } from './database-comment-access';
