import { Laptop, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatInstantDateTime } from '@/lib/dates';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/team';
import { useTwoFactor } from '../api/two-factor';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { TwoFactorPanel } from './two-factor-panel';

/** How one signs in (the second step), where one is signed in, signing devices out, and one's calendar feed. */
export function SecurityTab() {
  // A member the owner's rule holds back sees only their second step until they add one.
  const mustEnroll = useTwoFactor().data?.mustEnroll === true;
  return (
    <div className="grid gap-8">
      <TwoFactorPanel />
      {mustEnroll ? null : <SignedInDevices />}
      {mustEnroll ? null : <CalendarFeedPanel />}
    </div>
  );
}

function SignedInDevices() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const devices = sessions.data ?? [];
  const others = devices.filter((device) => !device.current).length;

  return (
    <Panel>
      <PanelHeader
        title="Security"
        description="The devices signed in to your account. Logging out signs out only the device you are on; sign out any device you do not recognise."
      >
        <Button variant="outline" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
          <LogOut aria-hidden className="size-4" />
          Sign out all other devices
        </Button>
      </PanelHeader>
      {sessions.isPending ? (
        <div className="flex min-h-32 items-center justify-center">
          <Spinner label="Loading your devices…" />
        </div>
      ) : sessions.isError ? (
        <LoadError what="your devices" />
      ) : (
        <ul className="divide-y divide-line/70 border border-line/70" aria-label="Signed-in devices">
          {devices.map((device) => (
            <li
              key={device.id}
              data-testid="signed-in-device"
              className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex items-start gap-4">
                <Laptop aria-hidden className="mt-1 size-5 shrink-0 text-gold" />
                <div>
                  <p className="flex flex-wrap items-center gap-2 text-ivory">
                    {device.device}
                    {device.current ? <ToneBadge tone="green">This device</ToneBadge> : null}
                  </p>
                  <p className="text-sm text-sand">
                    {device.place} · {device.address}
                  </p>
                  <p className="text-xs text-muted">
                    Signed in {formatInstantDateTime(device.signedInAt)} · last seen {formatInstantDateTime(device.lastSeenAt)}
                  </p>
                </div>
              </div>
              {device.current ? null : (
                <Button variant="ghost" size="sm" disabled={end.isPending} onClick={() => end.mutate(device)}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
