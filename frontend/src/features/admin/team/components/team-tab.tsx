import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInstantDateTime } from '@/lib/dates';
import { useAdminSession } from '../../session/admin-session';
import { Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { confirmDelete } from '../../shared/confirm';
import { useSetIntakeAccess } from '../../intake/api/intake';
import { roleLabels, useChangeMember, useResetTwoStep, useTeam, useWithdrawInvitation, type TeamMember } from '../api/team';
import { InviteDialog } from './invite-dialog';
import { TwoFactorPolicy } from './two-factor-policy';

/** The owner's Team view: who may sign in, with which role, and who is invited. */
export function TeamTab() {
  const team = useTeam();
  const change = useChangeMember();
  const withdraw = useWithdrawInvitation();
  const resetTwoStep = useResetTwoStep();
  const intakeAccess = useSetIntakeAccess();
  const me = useAdminSession()?.user.id;
  const [inviting, setInviting] = useState(false);
  const members = team.data?.members ?? [];
  const invitations = team.data?.invitations ?? [];
  const busy = change.isPending || resetTwoStep.isPending;

  const actions = (member: TeamMember) => {
    if (member.id === me) return <span className="text-xs text-muted">You</span>;
    const other = member.role === 'owner' ? 'staff' : 'owner';
    return (
      <div className="flex flex-wrap items-center justify-end gap-2">
        {member.isActive ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => change.mutate({ member, body: { role: other } })}>
            Make {roleLabels[other].toLowerCase()}
          </Button>
        ) : null}
        <Button
          variant={member.isActive ? 'outline' : 'ghost'}
          size="sm"
          disabled={busy}
          onClick={() => change.mutate({ member, body: { isActive: !member.isActive } })}
        >
          {member.isActive ? 'Deactivate' : 'Reactivate'}
        </Button>
        {member.twoFactor ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={`Reset two-step sign-in of ${member.name}`}
            onClick={() => confirmDelete('resetTwoStep') && resetTwoStep.mutate(member)}
          >
            Reset two-step
          </Button>
        ) : null}
      </div>
    );
  };

  return (
    // One column that never grows past the screen: the members' table scrolls sideways on a phone instead.
    <div className="grid grid-cols-1 gap-8">
      <Panel>
        <PanelHeader
          title="Team"
          description="Owners can do everything; staff look after orders, bookings, the calendar and messages. Guests’ intake answers are health data: only members given leave below may open them, whatever their role. Deactivating someone signs them out everywhere at once."
        >
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden className="size-4" />
            Invite
          </Button>
        </PanelHeader>
        <Table aria-label="Team members" scrollLabel="Team members, scrollable">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Last login</TableHead>
              <TableHead>Intake answers</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.length === 0 ? (
              <TableStateRow colSpan={6} loading={team.isPending} error={team.isError} empty="No one yet." what="the team" />
            ) : (
              members.map((member) => (
                <TableRow key={member.id} data-testid="team-member">
                  <TableCell>
                    <span className="block font-medium text-ivory">{member.name}</span>
                    <span className="block break-all text-xs text-muted">{member.email}</span>
                  </TableCell>
                  <TableCell>{roleLabels[member.role]}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      <ToneBadge tone={member.isActive ? 'green' : 'stone'}>{member.isActive ? 'Active' : 'Deactivated'}</ToneBadge>
                      {member.twoFactor ? <ToneBadge tone="gold">Two-step</ToneBadge> : null}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-sm">
                    {member.lastLogin ? formatInstantDateTime(member.lastLogin) : 'Never'}
                  </TableCell>
                  <TableCell>
                    <IntakeAccess
                      member={member}
                      // While the change is on its way, the switch shows it.
                      checked={
                        intakeAccess.isPending && intakeAccess.variables.id === member.id
                          ? intakeAccess.variables.canReadIntake
                          : member.canReadIntake
                      }
                      pending={intakeAccess.isPending}
                      onChange={(on) => intakeAccess.mutate({ id: member.id, canReadIntake: on })}
                    />
                  </TableCell>
                  <TableCell>{actions(member)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Panel>
      <TwoFactorPolicy />
      {invitations.length > 0 ? (
        <Panel>
          <PanelHeader
            title="Invitations"
            description="Waiting for an answer. A new invitation to the same address replaces the old one."
          />
          <ul className="divide-y divide-line/70 border border-line/70" aria-label="Open invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="text-ivory">
                    {invitation.name} <span className="text-muted">· {roleLabels[invitation.role]}</span>
                  </p>
                  <p className="break-all text-sm text-sand">{invitation.email}</p>
                  <p className="text-xs text-muted">
                    {invitation.expired
                      ? 'Expired — send a new invitation'
                      : `Sent by ${invitation.invitedBy ?? 'an owner'}; the link works until ${formatInstantDateTime(invitation.expiresAt)}`}
                  </p>
                </div>
                <Button variant="ghost" size="sm" disabled={withdraw.isPending} onClick={() => withdraw.mutate(invitation)}>
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </div>
  );
}

/**
 * "May read intake answers" (issue 45): a member's leave to open guests'
 * intake answers, given by an owner, to herself too; a role alone never
 * gives it. Each opening is in the activity trail.
 */
function IntakeAccess({
  member,
  checked,
  pending,
  onChange,
}: {
  member: TeamMember;
  checked: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = `intake-access-${member.id}`;
  return (
    <div className="flex items-center gap-3 whitespace-nowrap">
      <Switch
        id={id}
        checked={checked}
        disabled={pending}
        aria-label={`May read intake answers: ${member.name}`}
        onCheckedChange={onChange}
      />
      <label htmlFor={id} className="cursor-pointer text-sm text-sand">
        May read intake answers
      </label>
    </div>
  );
}
