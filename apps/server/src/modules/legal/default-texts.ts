import type { LegalDocument } from '@bayclub/shared';

/**
 * The built-in legal texts, served until an admin saves their own (the admin settings' "Legal pages" card). Written
 * for what this app really stores and shows; {{contact_email}} is filled in when served. Changing a text here means
 * changing DEFAULT_LEGAL_UPDATED_AT too: members see it as "Last updated".
 */
// Noon UTC: the same calendar day in every time zone of the Americas and Europe.
export const DEFAULT_LEGAL_UPDATED_AT = '2026-11-28T12:00:00.000Z';

const TERMS = `Bay Club is a members-only community for people who live in or love the Tampa Bay area. These terms are the agreement between you and the club when you apply, sign in or use the app. Please read them together with the [Privacy Policy](/privacy-policy).

## 1. Who can join

- You must be at least **13 years old** to apply. If you are under the age of majority where you live, a parent or guardian must agree to these terms for you.
- Membership is by application. The club's admins review every application and may approve or decline it without giving a reason.
- Give true information about yourself: your real name, an email address you read, and photos of you. One person, one account.
- Keep your password to yourself. You are responsible for what happens in your account; tell us at once if you think someone else has used it.

## 2. Membership levels

Some members have full access and some have limited access; what a limited member may do (for example send messages or create events) is set by the admins and can change. Admins, moderators, community organisers and place managers have extra tools to run the club; they must use them only for that purpose.

## 3. How to behave

- Treat other members with respect, online and at events and places.
- Do not harass, threaten, stalk, bully or impersonate anyone, and do not send unwanted sexual content.
- Do not post anything illegal, hateful, or that you have no right to share, including other people's photos or private information.
- No spam, scams, pyramid schemes or unsolicited advertising.
- Do not try to get around a block, a suspension, a limit of the app or its security, and do not collect other members' information (by hand or with software) outside what the app shows you.
- What happens at a private event stays with the people who were there: ask before you post photos of other members.

You can block any member and report a profile, a post, a comment or a message. Moderators review reports and may remove content, warn, suspend or remove a member.

## 4. Your content

You keep the rights to the photos, posts, comments and messages you share. You give the club a licence to store, copy and show them to the members who may see them, only to run the club and the app. This licence ends when you delete the content or your account, apart from copies in backups until they age out (see the Privacy Policy).

## 5. Events, tickets and payments

- Event hosts describe their events; the club does not guarantee an event happens as described. Follow the host's rules and the rules of the venue.
- Paid tickets are paid through **Stripe**. The club never sees or stores your full card number. The price, the currency, any fee and the refund rules are shown before you pay. Refunds follow the rules shown on the event; a cancelled event is refunded.
- Hosts who sell tickets receive payouts through their own Stripe account and must follow Stripe's terms.

## 6. Check-ins and places

When you check in at a place, the time and the place are recorded and shown to the members your chosen visibility allows (see the Privacy Policy). Do not check in for someone else or from somewhere you are not.

## 7. Ending your membership

You can deactivate your account (your profile is hidden until you come back) or delete it at any time in **Settings → Security → Delete Account**, or from the [Delete your data](/delete-data) page without signing in. The club may suspend or end a membership that breaks these terms, and may refuse a new application from someone it removed.

## 8. The app

We work to keep the app available and your data safe, but the app is provided as it is, without a promise that it is always available or free of errors. To the extent the law allows, the club is not liable for indirect losses, or for what members do or post. Nothing in these terms limits rights you have by law that cannot be limited.

## 9. Changes

We may change these terms. The date at the top of this page shows the last change; we tell members about important changes in the app before they apply. If you keep using the app after a change, the new terms apply to you.

## 10. Law and contact

These terms are governed by the laws of the State of Florida, United States. Questions about these terms: write to **{{contact_email}}**.
`;

const PRIVACY = `This policy explains what Bay Club, a members-only community in the Tampa Bay area, stores about you, why, for how long, and who can see it. We collect only what the club needs to work, we do not sell your data, and we do not show advertising.

## 1. What we collect

| What | Examples | Why |
| --- | --- | --- |
| Your account | name, email address, password (stored only as a secure hash), sign-in sessions | to let you sign in and keep your account safe |
| Your application | what you wrote when you applied, the answers of the form | so the admins can review it |
| Your profile | username, photos, bio, age, city, gender, relationship status, interests, Instagram or other social usernames you add | to show you to other members |
| What you share | posts, comments, likes, photos, community memberships | to show it to the members who may see it |
| Messages | the messages, pictures, videos and links you send, and when they were read | to deliver them to the people you wrote to |
| Connections | hellos, matches and the members you block or report | to run Say Hi, connections and safety |
| Events | the events you create, your RSVPs, tickets, waitlist places and door check-ins | to run events |
| Check-ins | the place and the time you check in, and the visibility you chose | to show who is at a place (see section 4) |
| Payments | what you paid for, the amount, refunds, and a reference to the Stripe payment | to sell tickets and refund them |
| Notifications | in-app notifications, push subscriptions of your devices, your mail preferences | to tell you about what happens |
| App use and performance | app opens and installs (platform, browser or installed app, a shortened browser name), page load measurements (such as how long a page took to show) with the page's address and the kind of device | to see that the app works and is fast for members, not to track you |
| Mail | the mails we send you (approval, password reset, reminders, digests) while they wait to be sent | to deliver them |

**Payments are handled by Stripe.** Your card details go straight to Stripe; the club never sees or stores your full card number. Stripe processes the payment under its own privacy policy. Hosts who receive payouts give their identity and bank details to Stripe, not to the club.

We do not use advertising or tracking cookies. The app keeps one cookie to keep you signed in, and stores some data on your device (such as drafts and a copy of pages for offline use).

## 2. Who sees what

- **Other members** see your profile, posts and comments, the communities you belong to and the events you go to, as the app shows them. They never see your email address, your password, your payments or your reports.
- **Limited members** see only what the admins allow members of their level to see.
- **The people you write to** see your messages. Nobody else reads them in the app; a moderator sees a message only when it is reported to them.
- **Community organisers and event hosts** see the members of their community or the guests of their event and the RSVPs and door check-ins.
- **Place managers** see the check-ins at their place that the check-in's visibility allows.
- **Moderators** see reported content and the reports, and act on them.
- **CRM staff** (members the admins give that role) see member details needed to run the club, such as contact details, membership dates, activity counts, tags and notes staff wrote, and may export them for the club's own use.
- **Admins** see applications, member accounts and their email addresses, payments, reports, the audit log of staff actions, and app-wide statistics. Every action of admins and moderators is recorded in the audit log.
- **Visitors who are not signed in** see only the public pages: the landing page, the public list of communities, public event pages and these legal pages.
- **Service providers** who run the app for us see data only to do that: the hosting and database provider, the mail provider, file storage, the push services of your browser (Apple, Google, Mozilla) for notifications, Stripe for payments, Meta only when you link your Instagram account, LinkedIn only when you apply with it. We do not sell or rent your data to anyone.
- We may disclose data when the law requires it, or to protect members from harm.

## 3. How long we keep it

- **Your account and everything in it** stay until you delete your account. Deleting it removes your profile, photos, posts, comments, likes, messages, connections, RSVPs, check-ins, notifications and stored files at once.
- **What stays after deletion:** payment records (amounts, dates, Stripe references) are kept without your name for as long as accounting and tax law require, usually 7 years; staff actions in the audit log keep the name of the staff member who acted; a report you filed stays with the reported content, without your name.
- **Backups** of the database are kept for at most **30 days**, then deleted. A deleted account disappears from backups within 30 days.
- **App use and performance measurements** lose their link to you when you delete your account; what remains are counts and timings that no longer say who you are.
- **Mails** wait in the send queue only until they are sent, then the queue forgets them.
- **An application that is declined** is kept, so the admins recognise a repeated application, until you delete it from the [Delete your data](/delete-data) page or ask us to.

## 4. Check-in privacy

A check-in records the place and the time. Each check-in has the visibility you choose (your default is **Connections only**, which you can change in Settings):

- **Public:** members who may see places see you at the place for 3 hours ("here now") and then in the place's recent check-ins.
- **Connections only:** only your connections see it.
- **Private:** only you see it, in your own check-ins.

Admins see how many check-ins the club had, in its statistics. The app uses your device's position only when you check in by position, only to check that you are at the place, and does not store your coordinates.

## 5. Your choices and rights

- Change or delete your profile, photos, posts and messages at any time.
- Choose who sees your check-ins, which mails you get, and whether you get push notifications.
- **Download your data** (profile, photos, posts, comments, messages you sent, RSVPs, check-ins and payments) in Settings → Security.
- **Deactivate** your account to hide your profile for a while.
- **Delete** your account in **Settings → Security → Delete Account**, or from the [Delete your data](/delete-data) page without signing in.
- Ask us what we hold about you, or to correct or delete it, at the address below. We answer within 30 days.

## 6. Children

The club is not for children under 13. We do not knowingly keep data of a child under 13; if we learn that we do, we delete the account.

## 7. Security

Passwords are stored only as secure hashes, connections are encrypted (HTTPS), access to member data is limited to the roles above and recorded, and backups are protected. No system is perfectly secure: if a breach puts your data at risk, we will tell you as the law requires.

## 8. Changes

We may change this policy. The date at the top of this page shows the last change; we tell members about important changes in the app before they apply.

## 9. Contact

Questions, requests and complaints about privacy: write to **{{contact_email}}**.
`;

export const DEFAULT_LEGAL_MARKDOWN: Record<LegalDocument, string> = {
  'terms-of-service': TERMS,
  'privacy-policy': PRIVACY,
};
