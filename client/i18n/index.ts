export { translateInEnglish, type Translate } from './translate.js';
