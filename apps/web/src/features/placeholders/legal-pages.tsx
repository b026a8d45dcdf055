import type * as React from 'react';
import { Link } from 'react-router';
import { DEFAULT_APP_NAME } from '@bayclub/shared';
import { usePublicSettings } from '#/lib/public-settings';

function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children}
    </article>
  );
}

function useAppName() {
  return usePublicSettings().data?.app_name || DEFAULT_APP_NAME;
}

export function TermsOfServicePage() {
  const name = useAppName();
  return (
    <LegalPage title="Terms of Service">
      <p>
        {name} is a members-only community for the Tampa Bay area. By applying or signing in you agree to these terms.
      </p>
      <h2>Membership</h2>
      <p>
        Membership is by application and approval. You must give true information about yourself, be at least 13 years old,
        and keep your password to yourself. We may decline an application or end a membership that breaks these terms.
      </p>
      <h2>How to behave</h2>
      <p>
        Treat other members with respect. Do not harass, threaten, impersonate or spam anyone, and do not post content that is
        illegal or that you have no right to share. You are responsible for what you post and send.
      </p>
      <h2>Your content</h2>
      <p>
        You keep the rights to the photos and text you share. You allow us to store and show them to other members so the
        service can work. You can delete them at any time.
      </p>
      <h2>Changes and ending</h2>
      <p>
        You can deactivate or delete your account in Settings. We may change these terms; we will tell members about
        important changes in the app.
      </p>
    </LegalPage>
  );
}

export function PrivacyPolicyPage() {
  const name = useAppName();
  return (
    <LegalPage title="Privacy Policy">
      <p>This policy explains what {name} stores about you and why.</p>
      <h2>What we keep</h2>
      <p>
        The details you give when you apply and edit your profile (name, email, username, photos, bio, age, city, interests
        and social usernames), the messages you send, and notifications. We keep a session cookie so you stay signed in.
      </p>
      <h2>Who sees it</h2>
      <p>
        Other signed-in members see your profile, unless you deactivate it. Your email address is never shown to other
        members. Admins see applications in order to review them. We do not sell your data.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your profile, deactivate your account, or delete it and its data at any time. See{' '}
        <Link to="/delete-data" className="text-primary underline underline-offset-4">
          Delete your data
        </Link>
        .
      </p>
    </LegalPage>
  );
}
