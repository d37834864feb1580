// Every route contract, for the tests that hold them to GROWI's spec and to the server's routes.
import type { Contract } from './define';
import * as pages from './pages';

const isContract = (value: object): value is Contract =>
  'method' in value && 'path' in value && 'response' in value;

export const CONTRACTS: readonly Contract[] = [pages].flatMap((file) =>
  (Object.values(file) as object[]).filter(isContract),
);
