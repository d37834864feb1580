// The user groups module's errors, shared by the service and the group deletion.
import { AppError } from '../../lib/app-error';

export const groupNotFound = () => new AppError(404, 'group_not_found', 'groups.not_found');
