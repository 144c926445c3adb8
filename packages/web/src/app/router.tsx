/**
 * Routes of §2 that exist today. Every page is lazy-loaded so that the login page loads only what it needs;
 * the signed-in shell is a lazy layout route of its own.
 */
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { prefetchCampaignPage } from '../features/campaigns/detail/prefetch';
import { loadWithRetry } from '../lib/lazy';
import { InitialLoadingBar } from './ApplicationLoadingBar';
import { RouteErrorScreen } from './ErrorScreen';
import { registerNavigate } from './navigation';
import { prefetchLoader } from './prefetch';
import { RootLayout } from './RootLayout';
import { RouteGuard } from './RouteGuard';

/** `/campaign/{id}` opens the campaign's first tab (§2). */
const CampaignIndexRedirect = () => {
  const { id = '' } = useParams();
  return <Navigate to={`/campaign/${id}/properties`} replace />;
};

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <InitialLoadingBar />,
    children: [
      {
        path: 'access',
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          {
            path: 'login',
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/access/LoginPage'))).LoginPage,
            }),
          },
          {
            path: 'expired',
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/access/ExpiredPasswordPage')))
                .ExpiredPasswordPage,
            }),
          },
          {
            path: 'remember',
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/access/RememberPasswordPage')))
                .RememberPasswordPage,
            }),
          },
          {
            path: 'sent',
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/access/ResetLinkSentPage')))
                .ResetLinkSentPage,
            }),
          },
          {
            path: 'reset',
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/access/ResetPasswordPage')))
                .ResetPasswordPage,
            }),
          },
          {
            path: 'signup',
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('../features/access/SignUpPage'))).SignUpPage,
            }),
          },
          { path: '*', element: <Navigate to="/access/login" replace /> },
        ],
      },
      // The addresses people guess for the access pages lead there, signed in or not (the login page sends a
      // signed-in user to the landing page); behind the guard they would come back as not found after login.
      { path: 'login', element: <Navigate to="/access/login" replace /> },
      { path: 'signup', element: <Navigate to="/access/signup" replace /> },
      {
        element: <RouteGuard />,
        children: [
          {
            lazy: async () => ({
              Component: (await loadWithRetry(() => import('./layout/ShellLayout'))).ShellLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('../features/home/HomePage'))).HomePage,
                }),
              },
              {
                path: 'campaigns',
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('../features/campaigns/CampaignsPage')))
                    .CampaignsPage,
                }),
              },
              {
                path: 'campaign',
                children: [
                  { index: true, element: <Navigate to="/campaigns" replace /> },
                  {
                    path: 'new',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/campaigns/create/NewCampaignPage'))
                      ).NewCampaignPage,
                    }),
                  },
                  {
                    path: 'new/:type',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/campaigns/create/NewCampaignPage'))
                      ).NewCampaignPage,
                    }),
                  },
                  { path: ':id', element: <CampaignIndexRedirect /> },
                  {
                    path: ':id/:tab',
                    loader: prefetchLoader(({ id }) => prefetchCampaignPage(id)),
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/campaigns/detail/CampaignPage'))
                      ).CampaignPage,
                    }),
                  },
                ],
              },
              {
                path: 'creatives',
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('../features/creatives/CreativesPage')))
                    .CreativesPage,
                }),
              },
              {
                path: 'creative',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/creatives/CampaignCreativesPage'))
                      ).CampaignCreativesPage,
                    }),
                  },
                  {
                    path: ':id',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/creatives/CreativePage')))
                        .CreativePage,
                    }),
                  },
                ],
              },
              {
                path: 'backoffice',
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('./layout/BackofficeLayout')))
                    .BackofficeLayout,
                }),
                children: [
                  { index: true, element: <Navigate to="organizations" replace /> },
                  {
                    path: 'organizations',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/backoffice/OrganizationsPage'))
                      ).OrganizationsPage,
                    }),
                  },
                  {
                    path: 'campaigns',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/backoffice/CampaignsPage')))
                        .CampaignsPage,
                    }),
                  },
                  {
                    path: 'creatives',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/backoffice/CreativesPage')))
                        .CreativesPage,
                    }),
                  },
                  {
                    path: 'exchanges',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/backoffice/ExchangesPage')))
                        .ExchangesPage,
                    }),
                  },
                  {
                    path: 'bidding',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/backoffice/BiddingPage')))
                        .BiddingPage,
                    }),
                  },
                  {
                    path: 'outbox',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/backoffice/OutboxPage')))
                        .OutboxPage,
                    }),
                  },
                ],
              },
              {
                path: 'resources',
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/resources/ResourcesLayout')))
                        .ResourcesIndexRedirect,
                    }),
                  },
                  {
                    path: ':section',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/resources/ResourcesLayout')))
                        .ResourcesSectionPage,
                    }),
                  },
                  {
                    path: 'publisher/:id',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(
                          () => import('../features/resources/publisher-lists/PublisherListPage'),
                        )
                      ).PublisherListPage,
                    }),
                  },
                  {
                    path: 'geolist/:id',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/resources/geolists/GeolistPage'))
                      ).GeolistPage,
                    }),
                  },
                  {
                    path: 'location-audience/:id',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(
                          () => import('../features/resources/location-audiences/LocationAudiencePage'),
                        )
                      ).LocationAudiencePage,
                    }),
                  },
                  {
                    path: 'audience/:id',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/resources/audiences/AudiencePage'))
                      ).AudiencePage,
                    }),
                  },
                ],
              },
              {
                path: 'account',
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('../features/account/AccountLayout')))
                    .AccountLayout,
                }),
                children: [
                  { index: true, element: <Navigate to="profile" replace /> },
                  {
                    path: 'profile',
                    lazy: async () => ({
                      Component: (
                        await loadWithRetry(() => import('../features/account/profile/ProfilePage'))
                      ).ProfilePage,
                    }),
                  },
                  {
                    path: 'users',
                    lazy: async () => ({
                      Component: (await loadWithRetry(() => import('../features/account/users/UsersPage')))
                        .UsersPage,
                    }),
                  },
                ],
              },
              {
                path: '404',
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('../features/not-found/NotFoundPage')))
                    .NotFoundPage,
                }),
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await loadWithRetry(() => import('../features/not-found/NotFoundPage')))
                    .NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
]);

registerNavigate((to, options) => router.navigate(to, options));
