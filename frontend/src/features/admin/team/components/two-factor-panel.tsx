import { KeyRound, ShieldCheck, Smartphone, TicketCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { formatInstantDate, formatInstantDateTime } from '@/lib/dates';
import { confirmDelete } from '../../shared/confirm';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { passkeyCancelled, passkeyFailureText, usePasskeysSupported } from '../../shared/webauthn';
import {
  useAddPasskey,
  useBeginAuthenticator,
  useRemoveAuthenticator,
  useRemovePasskey,
  useRenewRecoveryCodes,
  useTwoFactor,
  type AuthenticatorSetup,
  type TwoFactorStatus,
} from '../api/two-factor';
import { AuthenticatorSetupForm } from './authenticator-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** The member's second step of signing in: passkeys, an authenticator app, recovery codes. */
export function TwoFactorPanel() {
  const status = useTwoFactor();
  // Recovery codes the server just gave (shown once, until "Done").
  const [codes, setCodes] = useState<string[]>();
  const show = (fresh: string[]) => {
    if (fresh.length > 0) setCodes(fresh);
  };

  return (
    <Panel>
      <PanelHeader
        title="Two-step sign-in"
        description="After your password, a passkey or a code from an app on your phone confirms it is you: a password alone no longer opens your account."
      />
      {status.isPending ? (
        <div className="flex min-h-32 items-center justify-center">
          <Spinner label="Loading your sign-in settings…" />
        </div>
      ) : status.isError ? (
        <LoadError what="sign-in settings" />
      ) : (
        <div className="grid gap-6">
          {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(undefined)} /> : null}
          <StatusLine status={status.data} />
          <div className="grid gap-6 xl:grid-cols-2">
            <PasskeysSection status={status.data} onCodes={show} />
            <AuthenticatorSection status={status.data} onCodes={show} />
          </div>
          <RecoveryCodesSection status={status.data} onCodes={show} />
        </div>
      )}
    </Panel>
  );
}

function hasFactor(status: TwoFactorStatus): boolean {
  return status.authenticatorApp || status.passkeys.length > 0;
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  const ways = [status.passkeys.length > 0 ? 'a passkey' : undefined, status.authenticatorApp ? 'your authenticator app' : undefined]
    .filter(Boolean)
    .join(' or ');
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-3 text-ivory">
        <ShieldCheck aria-hidden className="size-5 text-gold" />
        {hasFactor(status) ? (
          <>
            <ToneBadge tone="green">On</ToneBadge>
            After your password, you confirm it is you with {ways}.
          </>
        ) : (
          <>
            <ToneBadge tone="stone">Off</ToneBadge>
            Your password alone signs you in.
          </>
        )}
      </p>
      {status.required ? <p className="text-sm text-sand">The owner requires a second step for every member.</p> : null}
    </div>
  );
}

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-4 border border-line/70 bg-ink/30 px-5 py-5">
      <h3 id={id} className="flex items-center gap-3 font-display text-2xl text-ivory">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function PasskeysSection({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const supported = usePasskeysSupported();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ text: string; calm: boolean }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    add.mutate(name.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        setName('');
        onCodes(recoveryCodes);
      },
      onError: (error) => setProblem({ text: passkeyFailureText(error, 'The passkey could not be added'), calm: passkeyCancelled(error) }),
    });
  };

  return (
    <Section id="passkeys-heading" title="Passkeys" icon={<KeyRound aria-hidden className="size-5 text-gold" />}>
      <p className="text-sm text-sand">Touch ID, Windows Hello, your phone or a security key: nothing to type.</p>
      {status.passkeys.length > 0 ? (
        <ul className="divide-y divide-line/70 border border-line/70" aria-label="Your passkeys">
          {status.passkeys.map((passkey) => (
            <li
              key={passkey.id}
              data-testid="passkey"
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="text-ivory">{passkey.name}</p>
                <p className="text-xs text-muted">
                  Added {formatInstantDate(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt ? `last used ${formatInstantDateTime(passkey.lastUsedAt)}` : 'not used yet'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${passkey.name}`}
                onClick={() => {
                  if (confirmDelete('passkey')) remove.mutate(passkey);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No passkeys yet.</p>
      )}
      {!status.passkeysAvailable ? (
        <p className="text-sm text-muted">
          Passkeys work only when the site is served from its own domain name; ask whoever runs it to set its address (PUBLIC_URL).
        </p>
      ) : !supported ? (
        <p className="text-sm text-muted">This browser cannot make passkeys. Try a current Chrome, Safari, Edge or Firefox.</p>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Add a passkey" className="grid gap-4">
          <Field id="passkey-name" label="Passkey name" optional hint="So you can tell your passkeys apart.">
            <Input
              autoComplete="off"
              maxLength={200}
              placeholder="MacBook Touch ID"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          {problem ? (
            <p role="alert" className={problem.calm ? 'text-sm text-sand' : 'text-sm text-danger'}>
              {problem.text}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="outline"
            className="justify-self-start"
            disabled={add.isPending}
            aria-busy={add.isPending || undefined}
          >
            <KeyRound aria-hidden className="size-4" />
            {add.isPending ? 'Waiting for your passkey...' : 'Add a passkey'}
          </Button>
        </form>
      )}
    </Section>
  );
}

function AuthenticatorSection({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const begin = useBeginAuthenticator();
  const remove = useRemoveAuthenticator();
  const [setup, setSetup] = useState<AuthenticatorSetup>();

  const body = () => {
    if (status.authenticatorApp) {
      return (
        <>
          <p className="text-sm text-sand">
            <ToneBadge tone="green" className="mr-2">
              Set up
            </ToneBadge>
            The 6-digit codes from your app sign you in.
          </p>
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={remove.isPending}
            onClick={() => {
              if (confirmDelete('authenticator')) remove.mutate();
            }}
          >
            Remove authenticator app
          </Button>
        </>
      );
    }
    if (setup) {
      return (
        <AuthenticatorSetupForm
          setup={setup}
          onConfirmed={(codes) => {
            setSetup(undefined);
            onCodes(codes);
          }}
          onCancel={() => setSetup(undefined)}
        />
      );
    }
    return (
      <>
        <p className="text-sm text-sand">
          An app on your phone (1Password, Google Authenticator, Authy…) shows a new 6-digit code every 30 seconds.
        </p>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={begin.isPending}
          aria-busy={begin.isPending || undefined}
          onClick={() => begin.mutate(undefined, { onSuccess: setSetup })}
        >
          Set up an authenticator app
        </Button>
      </>
    );
  };

  return (
    <Section id="authenticator-heading" title="Authenticator app" icon={<Smartphone aria-hidden className="size-5 text-gold" />}>
      {body()}
    </Section>
  );
}

function RecoveryCodesSection({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes();
  if (!hasFactor(status)) return null;
  const left = status.recoveryCodesLeft;
  return (
    <div className="flex flex-col gap-4 border border-line/70 bg-ink/30 px-5 py-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <TicketCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-gold" />
        <div>
          <p className="text-ivory">{left === 1 ? '1 recovery code left' : `${left} recovery codes left`}</p>
          <p className="text-sm text-sand">For the day your phone or passkey is not at hand. Each works once.</p>
        </div>
      </div>
      <Button
        variant="subtle"
        disabled={renew.isPending}
        aria-busy={renew.isPending || undefined}
        onClick={() => {
          if (confirmDelete('recoveryCodes')) renew.mutate(undefined, { onSuccess: ({ codes }) => onCodes(codes) });
        }}
      >
        Make new recovery codes
      </Button>
    </div>
  );
}
