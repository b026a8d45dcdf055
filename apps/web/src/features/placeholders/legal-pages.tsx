import type * as React from 'react';

// The Terms of Service and the Privacy Policy moved to features/legal (issue 24); /delete-data's placeholder stays
// here until its own feature replaces it (then this file goes).

function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children}
    </article>
  );
}

export function DeleteDataPage() {
  return (
    <LegalPage title="Delete your data">
      <p>You can delete your account and the data stored with it yourself, at any time.</p>
      <ol className="list-decimal space-y-1 pl-6">
        <li>Sign in and open your Profile.</li>
        <li>Open Settings, then the Security section.</li>
        <li>Under Danger Zone, choose Delete Account and type DELETE to confirm.</li>
      </ol>
      <p>
        Deleting removes your profile, photos, messages and notifications. If you only want a break, Deactivate Account hides
        your profile instead.
      </p>
    </LegalPage>
  );
}
