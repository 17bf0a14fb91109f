import { useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { FormActions } from '../../shared/ui';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useInvite, type TeamMember } from '../api/team';

type Role = TeamMember['role'];
type Errors = Partial<Record<'email' | 'name' | 'form', string>>;

/** "Invite to the team": an address, a name and a role; the link goes by mail. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) found.email = 'Please enter a valid email address';
    if (!name.trim()) found.name = 'Name is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    invite.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: () => {
          setEmail('');
          setName('');
          setRole('staff');
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            setErrors({ email: error.fieldErrors.email, name: error.fieldErrors.name });
          } else {
            setErrors({ form: preferServerMessage(error, 'The invitation could not be sent') });
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">The team</p>
          <DialogTitle>Invite to the Team</DialogTitle>
          <DialogDescription>They receive an email with a link to choose their password. It works once, for seven days.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} aria-label="Invite to the team" className="grid gap-6">
          <Field id="invite-email" label="Email" error={errors.email}>
            <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Field id="invite-name" label="Name" error={errors.name}>
            <Input autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-xs uppercase tracking-wide-2 text-sand">Role</legend>
            <RadioGroup aria-label="Role" value={role} onValueChange={(value) => setRole(value as Role)} className="grid-cols-2">
              <RadioTile value="staff">Staff</RadioTile>
              <RadioTile value="owner">Owner</RadioTile>
            </RadioGroup>
            <p className="text-sm text-muted">
              {role === 'staff'
                ? 'Staff look after orders, bookings, the calendar and messages.'
                : 'Owners can do everything, including the team, prices, refunds and exports.'}
            </p>
          </fieldset>
          {errors.form ? (
            <p role="alert" className="text-sm text-danger">
              {errors.form}
            </p>
          ) : null}
          <FormActions busy={invite.isPending} submitLabel="Send Invitation" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
