export { registerRemoveCommentTool } from './register';
