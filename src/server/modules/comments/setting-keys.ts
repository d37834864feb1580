// The comment settings (issue 7). Their keys are GROWI's unless said; settings/defaults.ts gathers
// every module's.

export const COMMENT_SETTINGS = {
  // Issue 7: comments render single line breaks (SPEC §3), read-only users may not comment.
  'markdown:isEnabledLinebreaksInComments': true,
  'security:isRomUserAllowedToComment': false,
};
