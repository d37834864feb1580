// Routes (SPEC §2). Every path that is not an app screen is a wiki page (or a permalink).
import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, useRouteError } from 'react-router';
import { ErrorCard } from './components/ErrorBoundary';
import { Layout } from './features/shell/Layout';
import { LoginPage } from './features/login/LoginPage';
import { PageRoute } from './features/page/PageRoute';

// Pages are the first view: they load with the app. Every other screen is a chunk of its own,
// fetched when first opened (React Router's route `lazy`), so the first view stays small (issue 15).
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

function RouteError() {
  return <ErrorCard component="Router" error={useRouteError()} />;
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        path: 'installer',
        ...screen(
          () => import('./features/installer/InstallerPage'),
          (m) => m.InstallerPage,
        ),
      },
      { path: 'login', element: <LoginPage /> },
      {
        path: 'forgot-password',
        ...screen(
          () => import('./features/forgot-password/ForgotPasswordPage'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'forgot-password/:token',
        ...screen(
          () => import('./features/forgot-password/ResetPasswordPage'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'register',
        ...screen(
          () => import('./features/register/RegisterPage'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'me',
        ...screen(
          () => import('./features/me/PersonalSettingsPage'),
          (m) => m.PersonalSettingsPage,
        ),
      },
      {
        path: '_search',
        ...screen(
          () => import('./features/search/SearchResultsPage'),
          (m) => m.SearchResultsPage,
        ),
      },
      {
        path: 'admin',
        ...screen(
          () => import('./features/admin/AdminLayout'),
          (m) => m.AdminLayout,
        ),
        children: [
          {
            index: true,
            ...screen(
              () => import('./features/admin/AdminHome'),
              (m) => m.AdminHome,
            ),
          },
          {
            path: 'users',
            ...screen(
              () => import('./features/admin/UsersAdminPage'),
              (m) => m.UsersAdminPage,
            ),
          },
          {
            path: 'user-groups',
            ...screen(
              () => import('./features/admin/UserGroupsPage'),
              (m) => m.UserGroupsPage,
            ),
          },
          {
            path: 'user-groups/:groupId',
            ...screen(
              () => import('./features/admin/UserGroupPage'),
              (m) => m.UserGroupPage,
            ),
          },
          {
            path: 'security',
            ...screen(
              () => import('./features/admin/SecurityPage'),
              (m) => m.SecurityPage,
            ),
          },
          {
            path: 'search',
            ...screen(
              () => import('./features/search/AdminSearchPage'),
              (m) => m.AdminSearchPage,
            ),
          },
          {
            path: 'markdown',
            ...screen(
              () => import('./features/comments/AdminMarkdownPage'),
              (m) => m.AdminMarkdownPage,
            ),
          },
          {
            path: 'share-links',
            ...screen(
              () => import('./features/share-links/AdminShareLinksPage'),
              (m) => m.AdminShareLinksPage,
            ),
          },
          {
            path: 'plugins',
            ...screen(
              () => import('./features/plugins/PluginsAdminPage'),
              (m) => m.PluginsAdminPage,
            ),
          },
          {
            path: 'export',
            ...screen(
              () => import('./features/admin/archive/ExportArchivePage'),
              (m) => m.ExportArchivePage,
            ),
          },
          {
            path: 'importer',
            ...screen(
              () => import('./features/admin/archive/ImporterPage'),
              (m) => m.ImporterPage,
            ),
          },
          {
            path: 'customize',
            ...screen(
              () => import('./features/customize/CustomizePage'),
              (m) => m.CustomizePage,
            ),
          },
          {
            path: 'audit-log',
            ...screen(
              () => import('./features/admin/audit/AuditLogPage'),
              (m) => m.AuditLogPage,
            ),
          },
          {
            path: 'notification',
            ...screen(
              () => import('./features/notifications/admin/NotificationSettingsPage'),
              (m) => m.NotificationSettingsPage,
            ),
          },
          {
            path: 'notification-outbox',
            ...screen(
              () => import('./features/notifications/AdminOutboxPage'),
              (m) => m.AdminOutboxPage,
            ),
          },
          {
            path: 'app',
            ...screen(
              () => import('./features/admin/app/AppSettingsPage'),
              (m) => m.AppSettingsPage,
            ),
          },
          {
            path: 'users/external-accounts',
            ...screen(
              () => import('./features/admin/ExternalAccountsAdminPage'),
              (m) => m.ExternalAccountsAdminPage,
            ),
          },
          {
            path: 'backups',
            ...screen(
              () => import('./features/admin/backups/BackupsPage'),
              (m) => m.BackupsPage,
            ),
          },
          {
            path: 'sharing',
            ...screen(
              () => import('./features/admin/sharing/SharingPage'),
              (m) => m.SharingPage,
            ),
          },
        ],
      },
      {
        path: 'trash',
        ...screen(
          () => import('./features/trash/TrashPage'),
          (m) => m.TrashPage,
        ),
      },
      {
        path: 'tags',
        ...screen(
          () => import('./features/tags/TagsPage'),
          (m) => m.TagsPage,
        ),
      },
      // A user's home root; the pages below it are ordinary pages (the catch-all route).
      {
        path: 'user/:username',
        ...screen(
          () => import('./features/user-home/UserHomePage'),
          (m) => m.UserHomePage,
        ),
      },
      {
        path: 'share/:id',
        ...screen(
          () => import('./features/share-links/SharedPage'),
          (m) => m.SharedPage,
        ),
      },
      {
        path: 'me/all-in-app-notifications',
        ...screen(
          () => import('./features/notifications/InAppNotificationsPage'),
          (m) => m.InAppNotificationsPage,
        ),
      },
      { index: true, element: <PageRoute /> },
      { path: '*', element: <PageRoute /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
