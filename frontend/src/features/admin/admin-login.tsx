import { useState } from 'react';
import { AccountFrame } from './account/account-frame';
import type { SecondFactorStep } from './auth/api/second-factor';
import { LoginForm } from './auth/components/login-form';
import { SecondStepForm } from './auth/components/second-step-form';
import { useAdminHead } from './shared/admin-head';

/**
 * /admin/login: email and password, nothing else (no credential hints,
 * DECISIONS §2); then, for a member with a second factor, their passkey or a code.
 */
export default function AdminLogin() {
  useAdminHead('Admin Login');
  const [step, setStep] = useState<SecondFactorStep>();
  // Why the password form is back (the second step ran out); a new key shows it afresh.
  const [restart, setRestart] = useState<{ message?: string; key: number }>({ key: 0 });

  if (step) {
    return (
      <AccountFrame title="Two-step sign-in" intro="Your password is right. Now confirm it is you with your passkey or a code.">
        <SecondStepForm
          step={step}
          onRestart={(message) => {
            setStep(undefined);
            setRestart(({ key }) => ({ message, key: key + 1 }));
          }}
        />
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title="Administrator Login" intro="Sign in to look after bookings, the shop and the journal.">
      <LoginForm key={restart.key} notice={restart.message} onSecondStep={setStep} />
    </AccountFrame>
  );
}
