// How big an upload may be: one rule for the upload route, the settings screen and the Markdown import.
import type { AppContext } from '../../context';

/** The effective upload limit: env `QUIRE_MAX_FILE_SIZE` wins over the admin setting. */
export function maxFileSize(ctx: Pick<AppContext, 'config' | 'settings'>): number {
  return ctx.config.maxFileSize ?? ctx.settings.get('app:maxFileSize');
}
