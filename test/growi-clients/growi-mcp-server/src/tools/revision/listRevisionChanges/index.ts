export { registerListRevisionChangesTool } from './register.js';
