import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { preferServerMessage } from '@/lib/api/errors';
import { Panel, PanelHeader } from '../../shared/ui';
import { useSetTwoFactorPolicy, useTwoFactor } from '../api/two-factor';

/** The owner's rule: every member signs in with a second step (members without one can only add one). */
export function TwoFactorPolicy() {
  const status = useTwoFactor();
  const policy = useSetTwoFactorPolicy();
  const [error, setError] = useState<string>();
  const required = policy.isPending ? policy.variables : (status.data?.required ?? false);

  const change = (next: boolean) => {
    setError(undefined);
    policy.mutate(next, { onError: (failure) => setError(preferServerMessage(failure, 'The rule could not be changed')) });
  };

  return (
    <Panel>
      <PanelHeader title="Two-step sign-in" description="Each member sets up their own passkey or authenticator app in Security." />
      <div className="flex items-start gap-3">
        <Checkbox
          id="require-two-factor"
          className="mt-0.5"
          checked={required}
          disabled={status.isPending || status.isError || policy.isPending}
          aria-describedby="require-two-factor-hint"
          onCheckedChange={(checked) => change(checked === true)}
        />
        <div>
          <label htmlFor="require-two-factor" className="cursor-pointer text-ivory">
            Require a second step for every member
          </label>
          <p id="require-two-factor-hint" className="mt-1 text-sm text-sand">
            Members without a passkey or an authenticator app see only Security until they add one.
          </p>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Panel>
  );
}
