// The outbox's channels. `global` and `user-trigger` rows fan out at delivery into `mail` and
// `slack` rows (one per recipient), so a save writes one small row and never waits on rule matching.
export const IN_APP = 'in-app';
export const MAIL = 'mail';
export const SLACK = 'slack';
export const GLOBAL = 'global';
export const USER_TRIGGER = 'user-trigger';
