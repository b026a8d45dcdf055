import { Link } from 'react-router';
import { DELETE_DATA_LIMITS } from '@bayclub/shared';
import { DeleteDataForm } from './delete-data-form';

/** /delete-data, signed out or in: what deleting removes and keeps, and the request form (issue 24, decision 032). */
export function DeleteDataPage() {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Delete your data</h1>
      <p>
        You can have your account and the data stored with it deleted, without signing in. Type the email of the account
        below: we mail it a confirmation link, valid for {DELETE_DATA_LIMITS.tokenTtlHours} hours. Nothing is deleted until
        that link is opened and confirmed. Signed in, you can also delete your account yourself in Settings → Security.
      </p>
      <h2>What is deleted</h2>
      <p>
        At once and for good: your account and sign-in, your profile, photos and picture, posts, comments and likes, the
        messages you sent and the files in them, your RSVPs, check-ins, connections, notifications, your linked Instagram
        account and your settings. Stored files are removed with them.
      </p>
      <h2>What is kept, and why</h2>
      <p>
        Records of payments you made for paid events stay with the club's payment provider (Stripe) for as long as tax and
        accounting law requires, usually 7 years; they are no longer linked to an account here. Entries the admins' audit
        log holds about actions on your account keep the action, not your profile. A deletion request itself keeps its
        code, its dates and its state, never your email address.
      </p>
      <h2>Ask for deletion</h2>
      <DeleteDataForm />
      <p className="text-sm text-muted-foreground">
        Every request gets a confirmation code and a status page, whether or not the email has an account; we never say
        which. If you only want a break, Deactivate Account in Settings hides your profile instead. See also our{' '}
        <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
          privacy policy
        </Link>
        .
      </p>
    </article>
  );
}
