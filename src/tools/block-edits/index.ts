export { runBlockEdit } from './run-block-edit';
