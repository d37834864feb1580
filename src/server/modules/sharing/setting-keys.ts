// Share on LAN (issue 16): machine settings, never imported from an archive. Their keys are GROWI's
// unless said; settings/defaults.ts gathers every module's.

export const SHARING_SETTINGS = {
  // Issue 16: Share on LAN (off: loopback only), and the mDNS host label won after conflicts.
  'app:shareOnLan': false,
  'app:mdnsHostname': '',
  /** HTTPS for the LAN: off, a certificate the admin provided, or one Quire generated (`<dataDir>/tls/`). */
  'app:lanHttps': 'off' as 'off' | 'provided' | 'self-signed',
};
