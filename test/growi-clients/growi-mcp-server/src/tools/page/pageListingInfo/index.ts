export { registerPageListingInfoTool } from './register.js';
