export { axiosInstanceManager } from './utils/axios-instance-manager.js';

export type * as Apiv1Types from './apiv1/index.js';
export type * as Apiv3Types from './apiv3/index.js';
