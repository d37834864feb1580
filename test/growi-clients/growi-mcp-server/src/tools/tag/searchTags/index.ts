export { registerSearchTagsTool } from './register.js';
