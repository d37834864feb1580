// Groups of users, which pages may be granted to.
import { defineModule } from '../../module';
import { groupName, onSuccess, bodyOf, paramOf, str } from '../audit/rules';
import { UserGroupsService } from './service';
import userGroupRoutes from './routes';
import groupTreeRoutes from './tree-routes';

declare module '../../context' {
  interface AppContext {
    userGroups: UserGroupsService;
  }
}

export default defineModule({
  name: 'user-groups',
  tables: ['user_groups', 'user_group_relations'],
  services: ({ db, events }) => ({ userGroups: new UserGroupsService(db, events) }),
  routes: [{ plugin: userGroupRoutes }, { plugin: groupTreeRoutes }],
  audit: {
    routes: {
      'POST /_api/v3/user-groups': {
        action: onSuccess('ADMIN_USER_GROUP_CREATE'),
        target: (_ctx, request) => str(bodyOf(request).name) || null,
      },
      'PUT /_api/v3/user-groups/:id': {
        action: onSuccess('ADMIN_USER_GROUP_UPDATE'),
        target: (ctx, request) => groupName(ctx, paramOf(request, 'id')),
      },
      'DELETE /_api/v3/user-groups/:id': {
        action: onSuccess('ADMIN_USER_GROUP_DELETE'),
        target: (ctx, request) => groupName(ctx, paramOf(request, 'id')),
      },
      'POST /_api/v3/user-groups/:id/users/:username': {
        action: onSuccess('ADMIN_USER_GROUP_ADD_USER'),
        target: (ctx, request) =>
          `${groupName(ctx, paramOf(request, 'id'))}: ${paramOf(request, 'username')}`,
      },
      'DELETE /_api/v3/user-groups/:id/users/:username': {
        action: onSuccess('ADMIN_USER_GROUP_REMOVE_USER'),
        target: (ctx, request) =>
          `${groupName(ctx, paramOf(request, 'id'))}: ${paramOf(request, 'username')}`,
      },
    },
  },
});
