// The general, security, customize and Markdown settings of the admin screens this module serves.
// Their keys are GROWI's unless said; settings/defaults.ts gathers every module's.
import type { Lang, RestrictGuestMode } from '../../../shared/api-types';
import type { RegistrationMode } from '../../../shared/account-types';
import type { PageCompleteDeletionAuthority } from '../../../shared/page-tree-types';
import { DEFAULT_MAX_FILE_SIZE } from '../../../shared/attachment-types';
import type { PageBreakSeparator } from '../../../shared/presentation';
import {
  CUSTOMIZE_FUNCTION_DEFAULTS as F,
  type HighlightStyle,
  type UiTheme,
} from '../../../shared/customize-types';

export const GENERAL_SETTINGS = {
  'app:title': 'Quire',
  'app:confidential': '',
  'security:restrictGuestMode': 'Readonly' as RestrictGuestMode,
  'security:sessionSecret': '',
  'security:pageCompleteDeletionAuthority': 'adminOnly' as PageCompleteDeletionAuthority,
  // A LAN wiki should not hand out accounts to whoever finds it: an admin approves by default.
  'security:registrationMode': 'Restricted' as RegistrationMode,
  'security:registrationWhitelist': [] as string[],
  'security:userUpperLimit': 0,
  /** GROWI's `disableLinkSharing`: share links neither work nor can be made while true. */
  'security:disableLinkSharing': false,
  /** Upload size limit in bytes (issue 7); env QUIRE_MAX_FILE_SIZE overrides it. */
  'app:maxFileSize': DEFAULT_MAX_FILE_SIZE,
  // GROWI's key: the address people use to reach the wiki. Links in mails and sign-in callback
  // URLs are built from it; empty: the request's own origin.
  'app:siteUrl': '',
  // Issue 15, GROWI's keys: the language people see when neither their account nor their browser
  // names one Quire has, and whether new users show their e-mail address.
  'app:globalLang': 'en_US' as Lang,
  'customize:isEmailPublishedForNewUser': true,
  // Issue 15, GROWI's customize keys (/admin/customize).
  'customize:theme': 'default' as UiTheme,
  'customize:isContainerFluid': false,
  'customize:highlightJsStyle': 'github' as HighlightStyle,
  'customize:highlightJsStyleBorder': false,
  'customize:title': '',
  'customize:header': '',
  'customize:css': '',
  'customize:script': '',
  // GROWI's customize "functions" (SPEC §9: list sizes for four list contexts): S the lists inside
  // a page (page list, timeline, history), M bookmarks and recently created pages,
  // L search results, XL full-screen lists (trash, not found, notifications).
  'customize:showPageLimitationS': F.pageLimitationS,
  'customize:showPageLimitationM': F.pageLimitationM,
  'customize:showPageLimitationL': F.pageLimitationL,
  'customize:showPageLimitationXL': F.pageLimitationXL,
  'customize:isEnabledTimeline': F.isEnabledTimeline,
  /** A new page (without a template) starts with its title as a heading. */
  'customize:isEnabledAttachTitleHeader': F.isEnabledAttachTitleHeader,
  /** SPEC §2's stale notice (pages not updated for more than a year). */
  'customize:isEnabledStaleNotification': F.isEnabledStaleNotification,
  /** Comments show every reply unless a reader chose otherwise (off: the latest two). */
  'customize:isAllReplyShown': F.isAllReplyShown,
  /** The navbar search starts scoped to the page's tree. */
  'customize:isSearchScopeChildrenAsDefault': F.isSearchScopeChildrenAsDefault,
  /** The custom script runs only while this is on (an explicit admin switch, with a warning). */
  'customize:isScriptEnabled': false,
  // GROWI's keys: single line breaks in pages as <br> (off: Markdown's own rule), and the editor's
  // indent — the admin's preferred size, forced on everyone or only a default.
  'markdown:isEnabledLinebreaks': false,
  // SPEC §3's PLANTUML_URI and BLOCKDIAG_URI: diagram servers; empty leaves those blocks as code.
  'app:plantumlUri': '',
  'app:blockdiagUri': '',
  'markdown:adminPreferredIndentSize': 4 as 2 | 4,
  'markdown:isIndentSizeForced': false,
  /** GROWI's keys: where presentation mode cuts slides (1 three blank lines, 2 five hyphens, 3 custom). */
  'markdown:presentation:pageBreakSeparator': 2 as PageBreakSeparator,
  'markdown:presentation:pageBreakCustomSeparator': '',
};
