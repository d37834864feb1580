export { registerListRevisionsTool } from './register.js';
