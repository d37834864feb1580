// The shell's own calls: the staff credits behind the Konami code (SPEC §7).
import type { StaffsResponse } from '../../../../shared/staff-types';
import { api } from '../../api/client';

export const getStaffCredits = async () =>
  (await api.get<StaffsResponse>('/_api/v3/staffs')).data.contributors;
