export { databaseServices } from './database-services';
export { serviceCaller } from './service-caller';
export { refuseRestrictedPage, requireSharingAllowed } from './sharing-refusal';
export { allowsViewerComments } from './database-comment-access';
