export { registerAddCommentTool } from './register';
