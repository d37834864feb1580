export { registerGetCommentsTool } from './register.js';
