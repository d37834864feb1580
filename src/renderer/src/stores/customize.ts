// The admin's customize "functions" as every screen reads them (app-config): list sizes for SPEC
// §9's four list contexts and the page and search switches, with Quire's defaults until loaded.
import {
  CUSTOMIZE_FUNCTION_DEFAULTS,
  type CustomizeFunctions,
  type ListSize,
} from '../../../shared/customize-types';
import { useSession } from './session';

export function useCustomizeFunction<K extends keyof CustomizeFunctions>(key: K): CustomizeFunctions[K] {
  return useSession((s) => s.config.customize?.[key] ?? CUSTOMIZE_FUNCTION_DEFAULTS[key]);
}

/** Items per page of a list context: S inside a page, M bookmarks, L search, XL full-screen lists. */
export function useListSize(size: ListSize): number {
  return useCustomizeFunction(`pageLimitation${size}`);
}
