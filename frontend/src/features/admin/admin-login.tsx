import { AccountFrame } from './account/account-frame';
import { LoginForm } from './auth/components/login-form';
import { useAdminHead } from './shared/admin-head';

/** /admin/login: email and password, nothing else (no credential hints, DECISIONS §2). */
export default function AdminLogin() {
  useAdminHead('Admin Login');
  return (
    <AccountFrame title="Administrator Login" intro="Sign in to look after bookings, the shop and the journal.">
      <LoginForm />
    </AccountFrame>
  );
}
