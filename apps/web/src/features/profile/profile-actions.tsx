import { useState } from 'react';
import { KeyRoundIcon, LogOutIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { ChangePasswordDialog } from '#/features/account/change-password-dialog';
import { useSigningOut } from '#/features/auth/session-store';
import { useSignOut } from '#/features/auth/use-sign-out';

/** Account actions on the own profile: Change Password and Sign Out. */
export function ProfileActions() {
  const [changingPassword, setChangingPassword] = useState(false);
  const signOut = useSignOut();
  const signingOut = useSigningOut();

  return (
    <section aria-labelledby="account-title" className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <div className="grid gap-1">
        <h2 id="account-title" className="font-semibold">
          Account
        </h2>
        <p className="text-sm text-muted-foreground">Keep your account secure, or sign out on this device.</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => setChangingPassword(true)}>
          <KeyRoundIcon aria-hidden="true" /> Change Password
        </Button>
        <Button variant="outline" onClick={() => void signOut()} disabled={signingOut}>
          {signingOut ? <Spinner /> : <LogOutIcon aria-hidden="true" />}
          {signingOut ? 'Signing out...' : 'Sign Out'}
        </Button>
      </div>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </section>
  );
}
