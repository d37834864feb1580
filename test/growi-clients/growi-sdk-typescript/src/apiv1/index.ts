// export all types
export type * from '../generated/v1/index.js';
export type * from '../generated/v1/index.schemas.js';

import { getGrowirestapiv1 } from '../generated/v1/index.js';

export default getGrowirestapiv1();
