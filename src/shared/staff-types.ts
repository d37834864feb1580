// Staff credits (SPEC §3): sections of contributors, each with groups of members (name, position).
export interface ContributorMember {
  name: string;
  position?: string;
}

export interface ContributorSection {
  sectionName: string;
  memberGroups: { members: ContributorMember[] }[];
}

/** `GET /_api/v3/staffs` (SPEC §7: the answer's `data.contributors`). */
export interface StaffsResponse {
  data: { contributors: ContributorSection[] };
}

/** The credits scroll at this speed (SPEC §2). */
export const CREDITS_SCROLL_PX_PER_SECOND = 200;
