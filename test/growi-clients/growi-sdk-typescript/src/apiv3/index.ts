// export all types
export type * from '../generated/v3/index.js';
export type * from '../generated/v3/index.schemas.js';

import { getGrowirestapiv3 } from '../generated/v3/index.js';

export default getGrowirestapiv3();
