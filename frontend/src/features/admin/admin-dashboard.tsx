import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatFullDay } from '@/components/ui/calendar-dates';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast-store';
import { hasErrorCode } from '@/lib/api/errors';
import { businessToday } from '@/lib/dates';
import { logoutOnServer } from './auth/api/logout';
import type { SentToLogin } from './auth/return-to';
import { ActivityTab } from './activity/components/activity-tab';
import { BlogTab } from './blog/components/blog-tab';
import { BookingsTab } from './bookings/components/bookings-tab';
import { CalendarTab } from './calendar/components/calendar-tab';
import { DashboardHeader } from './dashboard/dashboard-header';
import { NextFourteenDays } from './dashboard/next-fourteen-days';
import { ComingVisits } from './dashboard/coming-visits';
import { StatCards } from './dashboard/stat-cards';
import { EmailsTab } from './emails/components/emails-tab';
import { GiftCardsTab } from './gift-cards/components/gift-cards-tab';
import { MediaLibraryTab } from './media/components/media-library-tab';
import { MessagesTab } from './messages/components/messages-tab';
import { OrdersTab } from './orders/components/orders-tab';
import { ProductsTab } from './products/components/products-tab';
import { PromoCodesTab } from './promos/components/promo-codes-tab';
import { RatingsTab } from './ratings/components/ratings-tab';
import { ServicesTab } from './services/components/services-tab';
import { SecurityTab } from './team/components/security-tab';
import { TeamTab } from './team/components/team-tab';
import { WaitlistTab } from './waitlist/components/waitlist-tab';
import { GuestDataTab } from './privacy/components/guest-data-tab';
import { IntakeFormsTab } from './intake/components/intake-forms-tab';
import { useTwoFactor } from './team/api/two-factor';
import { clearSession, useAdminSession } from './session/admin-session';
import { useSessionGuard } from './session/use-session-guard';
import { adminKeys } from './shared/admin-keys';
import { tabFromSearch, type DashboardTab } from './shared/linked-records';
import { useAdminHead } from './shared/admin-head';

/** Each tab, and whether staff see it (docs/decisions.md §18: staff run orders, bookings (and their waitlist), the calendar and messages). */
const tabs = [
  { value: 'products', label: 'Products', Panel: ProductsTab, staff: false },
  { value: 'orders', label: 'Orders', Panel: OrdersTab, staff: true },
  { value: 'calendar', label: 'Calendar', Panel: CalendarTab, staff: true },
  { value: 'bookings', label: 'Bookings', Panel: BookingsTab, staff: true },
  // Guests waiting for a full day (issue 43, part 4): run with the bookings.
  { value: 'waitlist', label: 'Waitlist', Panel: WaitlistTab, staff: true },
  { value: 'services', label: 'Services', Panel: ServicesTab, staff: false },
  // The services' intake and consent forms (issue 45): the owner writes them, the team reads them.
  { value: 'intake', label: 'Intake forms', Panel: IntakeFormsTab, staff: true },
  { value: 'blog', label: 'Blog', Panel: BlogTab, staff: false },
  { value: 'media', label: 'Media', Panel: MediaLibraryTab, staff: false },
  { value: 'messages', label: 'Messages', Panel: MessagesTab, staff: true },
  { value: 'promo-codes', label: 'Promo codes', Panel: PromoCodesTab, staff: false },
  { value: 'gift-cards', label: 'Gift cards', Panel: GiftCardsTab, staff: false },
  { value: 'ratings', label: 'Ratings', Panel: RatingsTab, staff: false },
  { value: 'emails', label: 'Emails', Panel: EmailsTab, staff: false },
  { value: 'activity', label: 'Activity', Panel: ActivityTab, staff: false },
  { value: 'team', label: 'Team', Panel: TeamTab, staff: false },
  // A guest's data (issue 45, part 4): her requests, a look-up, and erasure, the owner's alone.
  { value: 'guest-data', label: 'Guest data', Panel: GuestDataTab, staff: false },
  { value: 'security', label: 'Security', Panel: SecurityTab, staff: true },
] as const satisfies ReadonlyArray<{ value: DashboardTab; label: string; Panel: () => ReactNode; staff: boolean }>;

/** /admin/dashboard: only with both session keys present (spec §2, §6). */
export default function AdminDashboard() {
  useAdminHead('Admin Dashboard');
  const session = useAdminSession();
  const { pathname, search } = useLocation();
  // Signed out (a bookmarked view, an ended session): the login page brings them back to this view.
  if (!session) return <Navigate to="/admin/login" replace state={{ from: pathname + search } satisfies SentToLogin} />;
  return <Dashboard name={session.user.name} token={session.token} owner={session.user.role === 'owner'} />;
}

function Dashboard({ name, token, owner }: { name: string; token: string; owner: boolean }) {
  useSessionGuard();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // ?tab= opens a tab (mail links name one); choosing a tab writes it back, dropping any record named for the last one.
  const [params, setParams] = useSearchParams();
  const tabsRef = useRef<HTMLDivElement>(null);
  // The owner's rule: a member without a second factor sees only Security until they add one.
  const twoFactor = useTwoFactor();
  const mustEnroll = twoFactor.data?.mustEnroll === true;
  useEnrollmentWatch(queryClient);
  const shown = mustEnroll ? tabs.filter((t) => t.value === 'security') : tabs.filter((t) => owner || t.staff);
  const named = tabFromSearch(params);
  // Staff land on Orders: a tab of the owner's named in the address (a mail link) is not theirs.
  const tab = shown.some((t) => t.value === named) ? named : mustEnroll ? 'security' : 'orders';
  // Held to Security, the address says so: when their new factor lifts the hold, they stay there (and see their recovery codes).
  useEffect(() => {
    if (mustEnroll && named !== 'security') setParams({ tab: 'security' }, { replace: true });
  }, [mustEnroll, named, setParams]);

  const logout = () => {
    // Ends the session on the server too, so the token stops working at once.
    // Sent first and never awaited: the local session ends whatever the network does.
    logoutOnServer(token);
    clearSession();
    toast({ title: 'Logged out', description: 'You have been logged out successfully' });
    void navigate('/admin/login', { replace: true });
    // Customer data does not outlive the session in this tab.
    queryClient.removeQueries({ queryKey: adminKeys.all });
  };

  return (
    <div className="grain min-h-dvh bg-ink text-ivory">
      <DashboardHeader name={name} onLogout={logout} />
      <main className="mx-auto max-w-[90rem] px-5 pb-24 pt-10 md:px-8">
        <div className="mb-10 flex flex-col gap-2">
          <p className="eyebrow">{formatFullDay(businessToday())}</p>
          <h1 className="font-display text-4xl text-ivory md:text-5xl">Welcome back, {name}</h1>
          <p className="text-sand">Here is how the retreat is doing.</p>
        </div>
        {twoFactor.isPending ? (
          <div className="flex min-h-48 items-center justify-center">
            <Spinner label="Loading the dashboard…" />
          </div>
        ) : mustEnroll ? (
          <div role="status" className="flex items-start gap-4 border border-gold/50 bg-gold/[0.06] px-5 py-4">
            <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-gold" strokeWidth={1.5} />
            <p className="text-ivory">
              The owner asks every member to sign in with a second step. Add a passkey or an authenticator app to continue.
            </p>
          </div>
        ) : (
          <>
            <StatCards />
            <NextFourteenDays />
            <ComingVisits />
          </>
        )}
        {twoFactor.isPending ? null : (
          <Tabs
            ref={tabsRef}
            value={tab}
            onValueChange={(next) => {
              setParams({ tab: next }, { replace: true });
              bringTabsIntoView(tabsRef.current);
            }}
            className="mt-12 scroll-mt-4"
          >
            <TabsList aria-label="Dashboard sections" className="justify-start gap-x-0 lg:gap-x-1">
              {shown.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="px-3! tracking-wide-2! lg:px-4! 2xl:px-5! 2xl:tracking-luxe!">
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {shown.map(({ value, Panel }) => (
              <TabsContent key={value} value={value} className="mt-8">
                <Panel />
              </TabsContent>
            ))}
          </Tabs>
        )}
      </main>
      <footer className="border-t border-line/70">
        <div className="mx-auto flex max-w-[90rem] flex-col gap-2 px-5 py-8 text-xs text-muted sm:flex-row sm:justify-between md:px-8">
          <p>Golden Pine Wellness Retreat · Back Office</p>
          <p>Times and dates are shown in Idyllwild time (Pacific).</p>
        </div>
      </footer>
    </div>
  );
}

/**
 * The owner may turn the rule on while a member is signed in: their next
 * call is refused (403 `two_factor_setup_required`), and the dashboard asks
 * again whether they owe a second factor.
 */
function useEnrollmentWatch(queryClient: QueryClient) {
  useEffect(() => {
    const owed = (error: unknown) => {
      if (hasErrorCode(error, 'two_factor_setup_required')) void queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor() });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') owed(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') owed(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

/**
 * A tab chosen while the tabs sit low on the screen (the overview's cards
 * above them fill a tablet's height) would change nothing the owner sees:
 * the tabs are brought to the top, so the chosen section shows. Left as
 * they are when they already sit in the upper half.
 */
function bringTabsIntoView(tabs: HTMLElement | null) {
  if (!tabs || tabs.getBoundingClientRect().top < window.innerHeight / 2) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  tabs.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
}
