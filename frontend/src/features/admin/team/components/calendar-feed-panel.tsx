import { CalendarDays, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { confirmDelete } from '../../shared/confirm';
import { CopyableAddress } from '../../shared/copyable-address';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { useCalendarFeed, useRenewCalendarFeed, useTurnOffCalendarFeed } from '../api/calendar-feed';

/**
 * The member's own calendar feed: the retreat's bookings in her phone's
 * calendar, at a secret address she can give a new one or turn off.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const busy = renew.isPending || turnOff.isPending;
  const on = feed.data?.on === true;

  return (
    <Panel data-testid="calendar-feed">
      <PanelHeader
        title="Calendar feed"
        description="The retreat's bookings in your phone's calendar, kept up to date by itself. It shows each guest's first name and the service, never her contact details or notes."
      >
        {on ? (
          <>
            <Button variant="outline" disabled={busy} onClick={() => confirmDelete('calendarFeedAddress') && renew.mutate(true)}>
              <RefreshCw aria-hidden className="size-4" />
              New address
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => confirmDelete('calendarFeedOff') && turnOff.mutate()}>
              Turn off
            </Button>
          </>
        ) : feed.data ? (
          <Button disabled={busy} onClick={() => renew.mutate(false)}>
            <CalendarDays aria-hidden className="size-4" />
            Turn on calendar feed
          </Button>
        ) : null}
      </PanelHeader>
      {feed.isPending ? (
        <div className="flex min-h-24 items-center justify-center">
          <Spinner label="Loading your calendar feed…" />
        </div>
      ) : feed.isError ? (
        <LoadError what="your calendar feed" />
      ) : on && feed.data.webcalUrl && feed.data.httpsUrl ? (
        <div className="grid gap-5">
          <p className="flex flex-wrap items-center gap-2 text-sm text-sand">
            <ToneBadge tone="green">On</ToneBadge>
            Keep these addresses to yourself: anyone who has one sees the retreat's bookings.
          </p>
          <CopyableAddress
            id="calendar-feed-webcal"
            label="Apple Calendar and Outlook"
            hint="On an iPhone: Settings → Apps → Calendar → Calendar Accounts → Add Account → Other → Add Subscribed Calendar."
            address={feed.data.webcalUrl}
          />
          <CopyableAddress
            id="calendar-feed-https"
            label="Google Calendar"
            hint="In Google Calendar on a computer: Other calendars → + → From URL. Google refreshes it a few times a day."
            address={feed.data.httpsUrl}
          />
        </div>
      ) : (
        <p className="text-sm text-sand">Your calendar feed is off.</p>
      )}
    </Panel>
  );
}
