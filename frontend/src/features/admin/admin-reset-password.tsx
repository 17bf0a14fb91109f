import { useState } from 'react';
import { Link } from 'react-router';
import { AccountFrame } from './account/account-frame';
import { confirmPasswordReset, linkSecret } from './account/api';
import { NewPasswordForm } from './account/new-password-form';
import { useAdminHead } from './shared/admin-head';
import { clearSession } from './session/admin-session';

/** /admin/reset-password#<secret>: the link from the reset mail. */
export default function AdminResetPassword() {
  useAdminHead('Reset Password');
  const [token] = useState(linkSecret);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const save = (password: string) => {
    setBusy(true);
    return confirmPasswordReset(token, password)
      .then(() => {
        // Every session of the account has ended, this browser's too.
        clearSession();
        setDone(true);
      })
      .finally(() => setBusy(false));
  };

  return (
    <AccountFrame
      title="New Password"
      intro="Choose a new password. Every device signed in to your account will be signed out."
      back={{ to: '/admin/login', label: 'Back to login' }}
    >
      {done ? (
        <div role="status" className="grid gap-6 text-center">
          <p className="text-ivory">Your new password is set.</p>
          <Link to="/admin/login" className="text-sm uppercase tracking-wide-2 text-gold-light underline-offset-4 hover:underline">
            Log in
          </Link>
        </div>
      ) : token ? (
        <NewPasswordForm label="Set a new password" submitLabel="Set Password" busy={busy} onSubmit={save} />
      ) : (
        <p role="alert" className="text-center text-sand">
          This page opens from the link in the email. Ask for a new link from the login page.
        </p>
      )}
    </AccountFrame>
  );
}
