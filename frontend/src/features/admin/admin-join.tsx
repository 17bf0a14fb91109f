import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { preferServerMessage } from '@/lib/api/errors';
import { AccountFrame } from './account/account-frame';
import { linkSecret, useAcceptInvitation, useInvitation } from './account/api';
import { NewPasswordForm } from './account/new-password-form';
import { useAdminHead } from './shared/admin-head';

/** /admin/join#<secret>: the link from a team invitation. */
export default function AdminJoin() {
  useAdminHead('Join the Team');
  const navigate = useNavigate();
  const [token] = useState(linkSecret);
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  const join = (password: string) =>
    accept.mutateAsync({ token, password }).then(({ admin }) => {
      toast({ title: 'Welcome to the team', description: `Welcome, ${admin.name}!` });
      void navigate('/admin/dashboard', { replace: true });
    });

  const body = () => {
    if (!token) return <Stale message="This page opens from the link in your invitation email." />;
    if (invitation.isPending) return <Spinner label="Opening your invitation…" />;
    if (invitation.isError) return <Stale message={preferServerMessage(invitation.error, 'This invitation could not be opened.')} />;
    const { name, email, role, invitedBy } = invitation.data;
    return (
      <div className="grid gap-6">
        <p className="text-center text-sand">
          <span className="block text-ivory">{name}</span>
          <span className="block break-all text-sm">{email}</span>
          <span className="mt-2 block text-sm">
            {invitedBy ?? 'An owner'} invited you as {role === 'owner' ? 'an owner' : 'staff'}.
          </span>
        </p>
        <NewPasswordForm label="Join the team" submitLabel="Join the Team" busy={accept.isPending} email={email} onSubmit={join} />
      </div>
    );
  };

  return (
    <AccountFrame title="Join the Team" intro="Choose your password to open the Golden Pine dashboard.">
      {body()}
    </AccountFrame>
  );
}

function Stale({ message }: { message: string }) {
  return (
    <div className="grid gap-4 text-center">
      <p role="alert" className="text-sand">
        {message}
      </p>
      <Link to="/admin/login" className="text-sm uppercase tracking-wide-2 text-gold-light underline-offset-4 hover:underline">
        Go to login
      </Link>
    </div>
  );
}
