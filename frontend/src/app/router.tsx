import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { PublicLayout } from './layout/public-layout';
import { HomeRoute } from './routes/home/route';
import { NotFoundRoute } from './routes/not-found';

// Public pages other than the home page load on first visit to them.
const ServicesRoute = lazy(() => import('./routes/services'));
const ProductsRoute = lazy(() => import('./routes/products'));
const BlogRoute = lazy(() => import('./routes/blog'));
const BlogPostRoute = lazy(() => import('./routes/blog-post'));
const ContactRoute = lazy(() => import('./routes/contact'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const QuizRoute = lazy(() => import('./routes/wellness-quiz'));
// Reached from links in the retreat's mail.
const ManageBookingRoute = lazy(() => import('./routes/manage-booking'));
const NewsletterUnsubscribeRoute = lazy(() => import('./routes/newsletter-unsubscribe'));

// Admin screens live in their own chunks: public pages never download them.
const AdminLoginRoute = lazy(() => import('@/features/admin/admin-login'));
const AdminDashboardRoute = lazy(() => import('@/features/admin/admin-dashboard'));

function AdminShell() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'services', element: <ServicesRoute /> },
      { path: 'products', element: <ProductsRoute /> },
      { path: 'blog', element: <BlogRoute /> },
      { path: 'blog/:slug', element: <BlogPostRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'checkout', element: <CheckoutRoute /> },
      { path: 'wellness-quiz', element: <QuizRoute /> },
      { path: 'bookings/manage/:token', element: <ManageBookingRoute /> },
      { path: 'newsletter/unsubscribe', element: <NewsletterUnsubscribeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: 'admin',
    element: <AdminShell />,
    children: [
      { path: 'login', element: <AdminLoginRoute /> },
      { path: 'dashboard', element: <AdminDashboardRoute /> },
    ],
  },
]);
