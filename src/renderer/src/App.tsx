// Routes (SPEC §2). Every path that is not an app screen is a wiki page (or a permalink).
import { createBrowserRouter, RouterProvider, useRouteError } from 'react-router';
import { ErrorCard } from './components/ErrorBoundary';
import { Layout } from './features/shell/Layout';
import { InstallerPage } from './features/installer/InstallerPage';
import { LoginPage } from './features/login/LoginPage';
import { PersonalSettingsPage } from './features/me/PersonalSettingsPage';
import { PageRoute } from './features/page/PageRoute';
import { AdminHome } from './features/admin/AdminHome';
import { AdminLayout } from './features/admin/AdminLayout';
import { BackupsPage } from './features/admin/backups/BackupsPage';
import { SecurityPage } from './features/admin/SecurityPage';
import { UserGroupPage } from './features/admin/UserGroupPage';
import { UserGroupsPage } from './features/admin/UserGroupsPage';
import { UsersAdminPage } from './features/admin/UsersAdminPage';
import { RegisterPage } from './features/register/RegisterPage';
import { AdminSearchPage } from './features/search/AdminSearchPage';
import { SearchResultsPage } from './features/search/SearchResultsPage';
import { TrashPage } from './features/trash/TrashPage';
import { TagsPage } from './features/tags/TagsPage';
import { AdminMarkdownPage } from './features/comments/AdminMarkdownPage';
import { SharedPage } from './features/share-links/SharedPage';
import { AdminShareLinksPage } from './features/share-links/AdminShareLinksPage';

function RouteError() {
  return <ErrorCard component="Router" error={useRouteError()} />;
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: 'installer', element: <InstallerPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'me', element: <PersonalSettingsPage /> },
      { path: '_search', element: <SearchResultsPage /> },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminHome /> },
          { path: 'users', element: <UsersAdminPage /> },
          { path: 'user-groups', element: <UserGroupsPage /> },
          { path: 'user-groups/:groupId', element: <UserGroupPage /> },
          { path: 'security', element: <SecurityPage /> },
          { path: 'search', element: <AdminSearchPage /> },
          { path: 'markdown', element: <AdminMarkdownPage /> },
          { path: 'share-links', element: <AdminShareLinksPage /> },
          { path: 'backups', element: <BackupsPage /> },
        ],
      },
      { path: 'trash', element: <TrashPage /> },
      { path: 'tags', element: <TagsPage /> },
      { path: 'share/:id', element: <SharedPage /> },
      { index: true, element: <PageRoute /> },
      { path: '*', element: <PageRoute /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
